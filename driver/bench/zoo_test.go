package bench

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParseZoo(t *testing.T) {
	z, err := ParseZoo("zoo.yaml", []byte(`# comment
targets: [trt-orin, qnn-htp-v73]
models:
  - name: resnet18
    export: resnet18
  - name: mine
    path: m.onnx
    calib_dir: calib
    targets: [trt-orin]
`))
	require.NoError(t, err)
	require.Equal(t, 8, z.Calib)
	jobs := z.Jobs()
	require.Len(t, jobs, 3)
	require.Equal(t, "resnet18", jobs[1].Model.Name)
	require.Equal(t, "qnn-htp-v73", jobs[1].Target)
	require.Equal(t, 2, jobs[2].Index)
	require.Equal(t, 6, jobs[2].Model.Line)

	for _, tc := range []struct{ src, want string }{
		{"", "zoo.yaml:1:1: error: the zoo file is empty"},
		{"targets: [a]\nmodels:\n  - name: x\n    export: x\n    path: y\n", "zoo.yaml:3:5: error: model x needs exactly one of export"},
		{"targets: [a]\nmodels:\n  - name: x\n    export: x\n  - name: x\n    export: y\n", "zoo.yaml:5:5: error: model x is listed twice (first at line 3)"},
		{"targets: [a]\nmodels:\n  - name: x\n    exprot: x\n", "zoo.yaml:4:1: error: field exprot not found"},
		{"targets: [a]\nmodels:\n  - name: x\n    path: m.onnx\n", "a path needs a calib_dir"},
		{"targets: [a]\nmodels:\n  - name: x\n    command: [gen]\n", "{out}"},
		{"models:\n  - name: x\n    export: x\n", "has no targets"},
		{"targets: [a]\nmodels: []\n", "lists no models"},
		{"targets: [a]\nmodels:\n  - name: ../x\n    export: x\n", "must be letters"},
		{"targets: [a\n", "zoo.yaml:"},
		{"- a\n", "must be a mapping"},
	} {
		_, err := ParseZoo("zoo.yaml", []byte(tc.src))
		require.Error(t, err, tc.src)
		require.Contains(t, err.Error(), tc.want, tc.src)
	}
}
