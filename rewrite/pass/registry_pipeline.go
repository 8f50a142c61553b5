package pass

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Pipeline is a named pass pipeline, as MLIR's PassPipelineRegistration:
// its name stands for its passes wherever a pass name may appear, in a
// textual pipeline (builtin.module(torch-to-core)) and as an mlc-opt flag
// (--torch-to-core).
type Pipeline struct {
	Name string
	// Summary is a one-line description (for --help).
	Summary string
	// Doc says what the pipeline is for, for docs/passes.md.
	Doc string
	// Text is the pipeline in MLIR's syntax: anchored on an op,
	// builtin.module(func.func(a,b),c), it may be scheduled only on a pass
	// manager for that op; without an anchor, a,b(c), on any.
	Text string
}

var pipelines = map[string]*Pipeline{}

// RegisterPipeline makes a named pipeline available wherever a pass name
// is accepted. The text is parsed when the name is used, so it may refer
// to passes registered later; tests call Expand to validate it. A name that is already a pass panics:
// registrations are code, run from init functions.
func RegisterPipeline(name, summary, doc, text string) *Pipeline {
	regMu.Lock()
	defer regMu.Unlock()
	if _, ok := registry[name]; ok {
		panic(fmt.Sprintf("pass: pipeline %q has the name of a registered pass", name))
	}
	p := &Pipeline{Name: name, Summary: summary, Doc: doc, Text: text}
	pipelines[name] = p
	return p
}

// LookupPipeline finds a registered pipeline.
func LookupPipeline(name string) *Pipeline {
	regMu.RLock()
	defer regMu.RUnlock()
	return pipelines[name]
}

// RegisteredPipelines lists pipelines sorted by name.
func RegisteredPipelines() []*Pipeline {
	regMu.RLock()
	defer regMu.RUnlock()
	out := make([]*Pipeline, 0, len(pipelines))
	for _, p := range pipelines {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Known reports whether name is a registered pass or pipeline, i.e.
// whether mlc-opt accepts --name.
func Known(name string) bool { return Lookup(name) != nil || LookupPipeline(name) != nil }

// anchor splits "op(rest)" into its anchor and body; ok is false for an
// unanchored pass list.
func (p *Pipeline) anchor() (anchor, body string, ok bool) {
	t := strings.TrimSpace(p.Text)
	i := strings.IndexAny(t, "(,{")
	if i <= 0 || t[i] != '(' || !strings.HasSuffix(t, ")") {
		return "", t, false
	}
	// The first name is an anchor only when its parentheses close at the
	// end: "a(b),c" is a list whose first entry is nested.
	depth := 0
	for j := i; j < len(t); j++ {
		switch t[j] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 && j != len(t)-1 {
				return "", t, false
			}
		}
	}
	return strings.TrimSpace(t[:i]), t[i+1 : len(t)-1], true
}

// expandInto adds the pipeline's passes to pm. stack holds the pipelines
// being expanded, so one that names itself is an error, not a loop.
func (p *Pipeline) expandInto(pm *OpPassManager, stack []string, pos int) error {
	for _, s := range stack {
		if s == p.Name {
			return fmt.Errorf("pass pipeline '%s' refers to itself (%s)", p.Name, strings.Join(append(stack, p.Name), " -> "))
		}
	}
	anchor, body, anchored := p.anchor()
	if anchored && pm.OpName != "" && anchor != pm.OpName {
		return fmt.Errorf("pass pipeline '%s' runs on '%s' ops and cannot be scheduled on '%s'", p.Name, anchor, pm.OpName)
	}
	target := pm
	if anchored && pm.OpName == "" {
		target = pm.Nest(anchor)
	}
	// Parse into a scratch manager so that a broken pipeline adds nothing.
	scratch := &OpPassManager{OpName: target.OpName}
	pp := &pipelineParser{s: body, stack: append(append([]string(nil), stack...), p.Name)}
	if err := pp.list(scratch); err != nil {
		var pe *PipelineError
		if errors.As(err, &pe) {
			return fmt.Errorf("pass pipeline '%s' (%s): %s", p.Name, p.Text, pe.Msg)
		}
		return fmt.Errorf("pass pipeline '%s': %v", p.Name, err)
	}
	// Its passes are at the pipeline's name in the outer text.
	scratch.walkPasses(func(in *Instance) { in.Pos = pos })
	target.Entries = append(target.Entries, scratch.Entries...)
	return nil
}

// Expand parses the pipeline on its own, as a check that its text names
// registered passes with valid options. It returns the expansion, anchored
// as the text is (OpName "" for an unanchored list).
func (p *Pipeline) Expand() (*OpPassManager, error) {
	anchor, _, anchored := p.anchor()
	pm := &OpPassManager{}
	if anchored {
		pm.OpName = anchor
	}
	if err := p.expandInto(pm, nil, -1); err != nil {
		return nil, err
	}
	if err := pm.checkOrder(); err != nil {
		return nil, fmt.Errorf("pass pipeline '%s': %v", p.Name, err)
	}
	return pm, nil
}
