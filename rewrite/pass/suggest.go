package pass

// Closest is the candidate nearest to name by edit distance, when it is
// near enough to be a likely typo (at most a third of name's length, and
// at least one edit); "" when none is.
func Closest(name string, candidates []string) string {
	best, bestDist := "", max(1, len(name)/3)+1
	for _, c := range candidates {
		if d := editDistance(name, c, bestDist); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance of a and b, or limit when it is
// at least limit (so long names cost little).
func editDistance(a, b string, limit int) int {
	if d := len(a) - len(b); d >= limit || -d >= limit {
		return limit
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin >= limit {
			return limit
		}
		prev, cur = cur, prev
	}
	return min(prev[len(b)], limit)
}

// Names lists every registered pass and pipeline name.
func Names() []string {
	var out []string
	for _, p := range Registered() {
		out = append(out, p.Name)
	}
	for _, p := range RegisteredPipelines() {
		out = append(out, p.Name)
	}
	return out
}

// didYouMean is "; did you mean 'x'?" for the registered name closest to
// name, or "".
func didYouMean(name string) string {
	if c := Closest(name, Names()); c != "" {
		return "; did you mean '" + c + "'?"
	}
	return ""
}
