package mapfile

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

func writeFile(t *testing.T, n int) (*os.File, []byte) {
	t.Helper()
	want := make([]byte, n)
	for i := range want {
		want[i] = byte(i*7 + i>>9)
	}
	path := filepath.Join(t.TempDir(), "data")
	require.NoError(t, os.WriteFile(path, want, 0o644))
	f, err := os.Open(path)
	require.NoError(t, err)
	t.Cleanup(func() { f.Close() })
	return f, want
}

func TestReadMapsLargeFilesAndReleaseKeepsThemReadable(t *testing.T) {
	f, want := writeFile(t, 3*MinMapBytes+123)
	d, err := Read(f, int64(len(want)))
	require.NoError(t, err)
	require.True(t, bytes.Equal(want, d.Bytes()))
	if !d.Mapped() {
		t.Skip("no mmap on this system")
	}
	part := d.Bytes()[1000 : 2*MinMapBytes+5]
	require.True(t, d.Holds(part))
	d.Release(part)
	d.Release(d.Bytes())
	// Dropped pages come back from the file.
	require.True(t, bytes.Equal(want, d.Bytes()))
}

func TestReadSmallFilesIntoTheHeap(t *testing.T) {
	f, want := writeFile(t, 4096)
	d, err := Read(f, int64(len(want)))
	require.NoError(t, err)
	require.False(t, d.Mapped())
	require.Equal(t, want, d.Bytes())
	d.Release(d.Bytes()) // a no-op on the heap
	require.Equal(t, want, d.Bytes())
}

func TestHolds(t *testing.T) {
	f, want := writeFile(t, MinMapBytes)
	d, err := Read(f, int64(len(want)))
	require.NoError(t, err)
	require.False(t, d.Holds(nil))
	require.False(t, d.Holds(make([]byte, 10)))
	require.True(t, d.Holds(d.Bytes()[5:6]))
	require.True(t, d.Holds(d.Bytes()))
}

func TestEmptyFile(t *testing.T) {
	f, _ := writeFile(t, 0)
	d, err := Read(f, 0)
	require.NoError(t, err)
	require.Empty(t, d.Bytes())
	_, err = Map(f, 0)
	require.Error(t, err)
}
