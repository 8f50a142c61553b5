package conformance

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"
)

// Claim is one entry of an expect-pass list: an op type (a model name in
// model mode) whose every case must pass, and its line in the file.
type Claim struct {
	Key  string
	Line int
}

// ReadClaims reads an expect-pass list: one op type (or model) a line,
// blank lines and # comments ignored. Errors are "path:line:1: error: …".
func ReadClaims(path string) ([]Claim, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	const limit = 1 << 20
	if st.Size() > limit {
		return nil, fmt.Errorf("%s:1:1: error: %d bytes, above the limit of %d for a claims list", path, st.Size(), limit)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var claims []Claim
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "#")
		key := strings.TrimSpace(line)
		if key == "" {
			continue
		}
		if strings.ContainsAny(key, " \t") {
			return nil, fmt.Errorf("%s:%d:1: error: want one name a line, got %q", path, n, key)
		}
		if i := slices.IndexFunc(claims, func(c Claim) bool { return c.Key == key }); i >= 0 {
			return nil, fmt.Errorf("%s:%d:1: error: %s is listed twice (first at line %d)", path, n, key, claims[i].Line)
		}
		claims = append(claims, Claim{key, n})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return claims, nil
}
