package solver

// A Position is a puzzle, or a player's game in progress, as read from text:
// the clues, the digits the player placed, and the candidates when the text
// gives them. ParsePosition and a Reader return one; Position.Text writes
// it in each format that can say it.
//
// The zero Position is an empty standard grid.
type Position struct {
	Clues  Grid // the puzzle's clues
	Placed Grid // digits the player placed, 0 elsewhere (and on every clue)
	// Cands holds the candidates of the empty cells (bit d-1 for digit d)
	// when HasCands is true; otherwise they follow from the filled cells.
	// A cell of Cands may be 0: an empty cell the player left without any.
	Cands    [81]uint16
	HasCands bool
	// GivensKnown is false for formats that do not tell clues from placed
	// digits (every puzzle form, the candidate and pencil-mark grids): every
	// filled cell is then a clue.
	GivensKnown bool
	// Variant is the rules the text names (a note "puzzle:1:diagonal"), or
	// else ReadOptions.Variant. A reader never returns nil; for a Position
	// made by hand nil means Standard.
	Variant *Variant
}

// rules returns the position's variant: the one place where a Position's
// nil Variant means Standard.
func (p *Position) rules() *Variant {
	if p.Variant == nil {
		return Standard
	}
	return p.Variant
}

// Filled returns the clues and the placed digits together.
func (p *Position) Filled() Grid {
	g := p.Clues
	for c, d := range p.Placed {
		if d != 0 && g[c] == 0 {
			g[c] = d
		}
	}
	return g
}

// Candidates returns the candidates of every empty cell (bit d-1 for digit
// d; 0 for a filled cell): the player's when HasCands is set, else every
// digit no filled peer holds under the position's variant.
func (p *Position) Candidates() [81]uint16 {
	var out [81]uint16
	g := p.Filled()
	v := p.rules()
	for c := range out {
		switch {
		case g[c] != 0:
		case p.HasCands:
			out[c] = p.Cands[c] & allDigits
		default:
			m := uint16(allDigits)
			for _, q := range v.Peers(c) {
				if d := g[q]; d >= 1 && d <= 9 {
					m &^= 1 << (d - 1)
				}
			}
			out[c] = m
		}
	}
	return out
}

// setCell records one cell of a candidate grid: a single digit fills it
// (as a clue: these forms do not tell clues from placed digits), several
// are its candidates.
func (p *Position) setCell(c int, m uint16) {
	p.HasCands = true
	if m != 0 && m&(m-1) == 0 {
		p.Clues[c] = uint8(digitOf(m))
		return
	}
	p.Cands[c] = m
}

// Text returns the position in format f, as ParsePosition reads it back.
// FormatLine and FormatGrid write the filled cells only (clues and placed
// digits alike); FormatS9B keeps clues, placed digits and candidates apart;
// FormatBoard and FormatCandidates write candidates (the rules' when the
// position has none of its own). A Format that is not one of the constants
// gives "".
func (p Position) Text(f Format) string {
	for i := range formats {
		if formats[i].id == f && formats[i].write != nil {
			return formats[i].write(&p)
		}
	}
	return ""
}
