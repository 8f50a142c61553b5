package trtonnx_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	trtonnx "github.com/mlc-go/mlc/translate/trt"
)

// network.json lists every trt layer in order, under the ONNX file's
// tensor names, with the precisions the flags cover; two exports agree
// byte for byte.
func TestNetworkDescribesTheExport(t *testing.T) {
	m := lowerToTRT(t, convNet(3, 4))
	fn, err := trtonnx.FindFunc(m, "main")
	require.NoError(t, err)
	model, net, err := trtonnx.ExportWithNetwork(fn, trtonnx.Options{})
	require.NoError(t, err)

	ops := 0
	for _, op := range fn.Region(0).Block(0).Ops() {
		if op.Name() != "func.return" {
			ops++
		}
	}
	require.Len(t, net.Layers, ops)
	// Every tensor a layer names is one the ONNX graph has (an input, an
	// initializer or a node output).
	known := map[string]bool{}
	for _, vi := range model.Graph.Inputs {
		known[vi.Name] = true
	}
	for _, init := range model.Graph.Initializers {
		known[init.Name] = true
	}
	for _, n := range model.Graph.Nodes {
		for _, o := range n.Outputs {
			known[o] = true
		}
	}
	types := map[string]bool{}
	for i, l := range net.Layers {
		require.Equal(t, i, l.Index)
		types[l.Type] = true
		for _, name := range append(append([]string{}, l.Inputs...), l.Outputs...) {
			require.True(t, known[name], "layer %d (%s) names %q, which the ONNX graph lacks", i, l.Type, name)
		}
		require.Len(t, l.OutputTypes, len(l.Outputs))
	}
	for _, want := range []string{"convolution", "quantize", "dequantize", "constant"} {
		require.True(t, types[want], "no %s layer in %v", want, types)
	}
	require.Contains(t, net.BuilderFlags, "int8")
	require.Len(t, net.Inputs, 1)
	require.Equal(t, "kFLOAT", net.Inputs[0].DataType)
	require.Equal(t, model.Graph.Inputs[0].Name, net.Inputs[0].Name)
	require.Equal(t, []trtonnx.Profile{{Input: net.Inputs[0].Name, Min: net.Inputs[0].Shape, Opt: net.Inputs[0].Shape, Max: net.Inputs[0].Shape}}, net.Profiles)
	require.Equal(t, model.Graph.Outputs[0].Name, net.Outputs[0].Name)

	b1, err := net.JSON()
	require.NoError(t, err)
	var back trtonnx.Network
	require.NoError(t, json.Unmarshal(b1, &back))
	require.Equal(t, *net, back)
	_, net2, err := trtonnx.ExportWithNetwork(fn, trtonnx.Options{})
	require.NoError(t, err)
	b2, err := net2.JSON()
	require.NoError(t, err)
	require.Equal(t, string(b1), string(b2))

	script := net.BuildScript("model.qdq.onnx", "model.engine")
	require.True(t, strings.HasPrefix(script, "#!/bin/sh\n"))
	require.Contains(t, script, "exec trtexec --onnx=model.qdq.onnx --saveEngine=model.engine --")
	require.Contains(t, script, " --int8")
	require.Contains(t, net.BuildScript("my model.onnx", "e.engine"), "--onnx='my model.onnx'")
}

// A network that computes in f16 asks for --fp16.
func TestNetworkFlagsForHalfPrecision(t *testing.T) {
	m := lowerToTRTWith(t, convNet(5, 4), "builtin.module(func.func(quantize{target=trt-orin precision=f16},legalize-trt{target=trt-orin}))")
	fn, err := trtonnx.FindFunc(m, "main")
	require.NoError(t, err)
	_, net, err := trtonnx.ExportWithNetwork(fn, trtonnx.Options{})
	require.NoError(t, err)
	require.Contains(t, net.BuilderFlags, "fp16")
	require.NotContains(t, net.BuilderFlags, "int8")
	require.Contains(t, net.BuildScript("m.onnx", "m.engine"), " --fp16")
}
