package compile

import (
	"github.com/mlc-go/mlc/ir"
	qnnser "github.com/mlc-go/mlc/translate/qnn"
)

// QNN's row: <m>.cpp, <m>.bin, <m>_net.json and <m>.encodings (translate/qnn).
func init() {
	Serializers["qnn"] = func(dir string, fn *ir.Operation, opts SerializeOptions) ([]string, error) {
		return qnnser.WriteBundle(dir, fn, qnnser.Options{ModelName: opts.ModelName})
	}
}
