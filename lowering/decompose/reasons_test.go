package decompose

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/rewrite"
)

// opsOf are the ops of the first function of m.
func opsOf(m *ir.Operation) []*ir.Operation {
	return m.Region(0).Front().First().Region(0).Front().Ops()
}

// The dry run returns every candidate's reason, each from the pattern
// itself: a rule names the condition that failed.
func TestExplainGivesEachPatternsReason(t *testing.T) {
	m := parseVerified(t, `func.func @main(%x: tensor<3xui8>, %y: tensor<2x3xf32>) -> (tensor<3xui8>, tensor<2x3xf32>) {
  %0 = torch.aten.maximum %x, %x : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xui8>
  %1 = torch.aten.relu %y : tensor<2x3xf32>
  func.return %0, %1 : tensor<3xui8>, tensor<2x3xf32>
}
`)
	ops := opsOf(m)
	assert.Equal(t, []ir.MatchFailure{
		{Pattern: RulesFile + ":68", Reason: "rule " + RulesFile + ":68: condition coreArith($x) failed (operands tensor<3xui8>, tensor<3xui8>)"},
		{Pattern: RulesFile + ":69", Reason: "rule " + RulesFile + ":69: condition isI1($x) failed (operands tensor<3xui8>, tensor<3xui8>)"},
	}, Explain(ops[0]))
	assert.Nil(t, Explain(ops[1]), "relu on a static f32 tensor decomposes")
	assert.Equal(t, []ir.MatchFailure{{Reason: "no decomposition is defined for it"}}, Explain(ops[2]))
}

// The greedy driver hands the reasons patterns give to a listener that
// wants them: the decompositions' and torch-fold-batch-norm's own.
func TestReasonsReachTheGreedyListener(t *testing.T) {
	m := parseVerified(t, `func.func @main(%x: tensor<3xui8>, %a: tensor<1x4x5x5xf32>, %s: tensor<4xf32>) -> (tensor<3xui8>, tensor<1x4x5x5xf32>) {
  %0 = torch.aten.maximum %x, %x : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xui8>
  %1 = torch.aten.batch_norm %a, %s, %s, %s, %s : (tensor<1x4x5x5xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x5x5xf32>
  func.return %0, %1 : tensor<3xui8>, tensor<1x4x5x5xf32>
}
`)
	ops := opsOf(m)
	fn := m.Region(0).Front().First()
	var got ir.MatchFailures
	_, err := rewrite.ApplyPatternsGreedily(fn, []ir.Pattern{foldBatchNorm}, false, rewrite.GreedyConfig{Listener: &got})
	require.NoError(t, err)
	assert.Equal(t, []ir.MatchFailure{{Pattern: "fold-batch-norm-into-conv2d", Reason: "the input is not a torch.aten.conv2d"}}, got.Reasons[ops[1]])

	got = ir.MatchFailures{}
	list := []ir.Pattern{}
	for _, p := range byRoot()["torch.aten.maximum"] {
		list = append(list, p)
	}
	_, err = rewrite.ApplyPatternsGreedily(fn, list, false, rewrite.GreedyConfig{Listener: &got})
	require.NoError(t, err)
	require.Len(t, got.Reasons[ops[0]], 2)
	assert.Equal(t, RulesFile+":68", got.Reasons[ops[0]][0].Pattern)
	assert.Contains(t, got.Reasons[ops[0]][0].Reason, "condition coreArith($x) failed")
	assert.Equal(t, []*ir.Operation{ops[0]}, got.Ops)
}
