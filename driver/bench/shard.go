package bench

import (
	"fmt"
	"strconv"
	"strings"
)

// Shard is one slice of the job matrix: K of N, K from 0, so that a
// Kubernetes Indexed Job's JOB_COMPLETION_INDEX (or a 0-based array task
// id) is K as it comes.
type Shard struct{ K, N int }

// All is the whole matrix.
var All = Shard{0, 1}

// ParseShard reads "K/N" with 0 ≤ K < N.
func ParseShard(s string) (Shard, error) {
	ks, ns, ok := strings.Cut(strings.TrimSpace(s), "/")
	if !ok {
		return Shard{}, fmt.Errorf("shard %q: want K/N, e.g. 0/4 (K counts from 0)", s)
	}
	k, kerr := strconv.Atoi(ks)
	n, nerr := strconv.Atoi(ns)
	switch {
	case kerr != nil || nerr != nil:
		return Shard{}, fmt.Errorf("shard %q: K and N must be whole numbers", s)
	case n < 1:
		return Shard{}, fmt.Errorf("shard %q: N must be at least 1", s)
	case k < 0 || k >= n:
		return Shard{}, fmt.Errorf("shard %q: K must be in [0, %d) (K counts from 0)", s, n)
	}
	return Shard{k, n}, nil
}

func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.K, s.N) }

// Owns reports whether the i-th job of the matrix (in matrix order)
// belongs to this shard. Round robin, so shards get similar mixes of
// models.
func (s Shard) Owns(i int) bool { return i%s.N == s.K }

// Merge joins shard results into one file's records: every record once
// (a job key and run seen twice must be the same record, else it is an
// error), in matrix order.
func Merge(parts ...[]Record) ([]Record, error) {
	type id struct {
		model, target, key string
		run                int
	}
	seen := map[id]int{}
	var out []Record
	for _, part := range parts {
		for _, r := range part {
			k := id{r.Model, r.Target, r.Key, r.Run}
			if i, dup := seen[k]; dup {
				if !sameRecord(&out[i], &r) {
					return nil, fmt.Errorf("%s for %s, run %d, appears twice with different results", r.Model, r.Target, r.Run)
				}
				continue
			}
			seen[k] = len(out)
			out = append(out, r)
		}
	}
	Sort(out)
	return out, nil
}

// sameRecord compares what is deterministic for a job: status, metrics
// that are not noisy, artefacts.
func sameRecord(a, b *Record) bool {
	if a.Status != b.Status || a.Error != b.Error || !sameStrings(a.Artefacts, b.Artefacts) {
		return false
	}
	am, bm := flatMetrics(a), flatMetrics(b)
	for k, v := range am {
		if SpecFor(k).Noisy {
			continue
		}
		if w, ok := bm[k]; !ok || w != v {
			return false
		}
	}
	return true
}
