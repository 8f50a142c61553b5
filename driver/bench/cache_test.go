package bench

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestJobKey(t *testing.T) {
	k := JobKey("m", "d", "t", "rev", []string{"--min-sqnr", "30"})
	require.Len(t, k, 64)
	require.Equal(t, k, JobKey("m", "d", "t", "rev", []string{"--min-sqnr", "30"}))
	require.NotEqual(t, k, JobKey("m", "d", "t", "rev2", []string{"--min-sqnr", "30"}))
	require.NotEqual(t, k, JobKey("m", "d", "t", "rev", []string{"--min-sqnr 30"}))
	require.NotEqual(t, JobKey("ab", "c", "t", "r", nil), JobKey("a", "bc", "t", "r", nil))
}

func TestCache(t *testing.T) {
	c := Cache{Dir: t.TempDir()}
	r := baseline(1, 1, 0, 1)[0]
	r.Key = JobKey("m", "d", "t", "rev", nil)
	_, ok := c.Get(r.Key, 0)
	require.False(t, ok)
	require.NoError(t, c.Put(r))
	got, ok := c.Get(r.Key, 0)
	require.True(t, ok)
	require.Equal(t, r, got)
	_, ok = c.Get(r.Key, 1)
	require.False(t, ok)
	// A damaged entry is a miss.
	p, _ := c.path(r.Key, 0)
	require.NoError(t, os.WriteFile(p, []byte("{"), 0o644))
	_, ok = c.Get(r.Key, 0)
	require.False(t, ok)
	// Keys never name paths outside the cache.
	r.Key = "../../etc/passwd"
	require.Error(t, c.Put(r))
	entries, _ := filepath.Glob(filepath.Join(c.Dir, "*", ".put-*"))
	require.Empty(t, entries)
}
