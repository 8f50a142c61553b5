package bench

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// JobKey names a job by its inputs' content: the digests of the model's
// bytes (and its calibration data), of the target file, the compiler
// revision and the flags. Equal keys have equal deterministic results,
// so a cached record can stand in for a run.
func JobKey(modelSHA, dataSHA, targetSHA, revision string, flags []string) string {
	h := sha256.New()
	for _, part := range append([]string{"mlc-bench/1", modelSHA, dataSHA, targetSHA, revision}, flags...) {
		fmt.Fprintf(h, "%d:%s\n", len(part), part) // length-prefixed: no ambiguity
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Cache keeps records by job key and run in a directory (one JSON file
// each), shared by runs and shards.
type Cache struct{ Dir string }

func (c Cache) path(key string, run int) (string, error) {
	if len(key) != 64 || strings.Trim(key, "0123456789abcdef") != "" {
		return "", fmt.Errorf("cache key %q is not a sha256", key)
	}
	return filepath.Join(c.Dir, key[:2], fmt.Sprintf("%s.%d.json", key, run)), nil
}

// Get returns the cached record of a job's run; false when absent or
// unreadable (a damaged entry is recomputed, not trusted).
func (c Cache) Get(key string, run int) (Record, bool) {
	p, err := c.path(key, run)
	if err != nil {
		return Record{}, false
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return Record{}, false
	}
	var r Record
	if json.Unmarshal(data, &r) != nil || r.Validate() != nil || r.Key != key || r.Run != run {
		return Record{}, false
	}
	return r, true
}

// Put stores a record atomically (temp file, then rename).
func (c Cache) Put(r Record) error {
	p, err := c.path(r.Key, r.Run)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	data, err := json.Marshal(&r)
	if err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(p), ".put-*")
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(f.Name())
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Rename(f.Name(), p); err != nil {
		os.Remove(f.Name())
		return err
	}
	return nil
}
