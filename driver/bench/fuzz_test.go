package bench

import (
	"bytes"
	"testing"
)

// Any bytes: a zoo file parses or gives a positioned error, never a
// panic; what parses lists jobs for every model.
func FuzzParseZoo(f *testing.F) {
	f.Add([]byte("targets: [trt-orin]\nmodels:\n  - name: m\n    export: resnet18\n"))
	f.Add([]byte("targets: [a, b]\nmodels:\n  - name: x\n    path: m.onnx\n    calib_dir: c\n    targets: [a]\nnode_tests: n\n"))
	f.Add([]byte("models:\n  - name: g\n    command: [gen, '{out}']\n"))
	f.Add([]byte("- a\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		z, err := ParseZoo("zoo.yaml", data)
		if err != nil {
			if !bytes.HasPrefix([]byte(err.Error()), []byte("zoo.yaml:")) {
				t.Fatalf("unpositioned error: %v", err)
			}
			return
		}
		if len(z.Jobs()) == 0 {
			t.Fatalf("a zoo that parses has jobs")
		}
	})
}

// Any bytes: a results file reads or gives an error; what reads writes
// back and reads again to the same records.
func FuzzRead(f *testing.F) {
	var buf bytes.Buffer
	_ = Write(&buf, baseline(1, 1, 0, 1))
	f.Add(buf.Bytes())
	f.Add([]byte(`{"schema":1,"model":"m","target":"t","status":"ok","metrics":{"sqnr_db":30}}` + "\n"))
	f.Add([]byte(`{"schema":2}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		recs, err := Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := Write(&out, recs); err != nil {
			t.Fatalf("write: %v", err)
		}
		again, err := Read(&out)
		if err != nil {
			t.Fatalf("records read back fail: %v", err)
		}
		if len(again) != len(recs) {
			t.Fatalf("%d records, %d after a round trip", len(recs), len(again))
		}
		Compare(recs, again, CompareOptions{})
	})
}
