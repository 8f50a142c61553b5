package all

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/mlc-go/mlc/dialects/ods"
)

// WriteDocs writes docs/dialects/<name>.md for every dialect into dir.
func WriteDocs(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, d := range Dialects() {
		path := filepath.Join(dir, d.Name+".md")
		tmp := path + ".tmp"
		if err := os.WriteFile(tmp, []byte(ods.Markdown(d)), 0o644); err != nil {
			return fmt.Errorf("writing %s: %w", path, err)
		}
		if err := os.Rename(tmp, path); err != nil {
			return err
		}
	}
	return nil
}
