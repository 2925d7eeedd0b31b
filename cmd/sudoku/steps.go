package main

// What explain, hint and grade share: the -techniques flag and a logic
// step as their -json output writes it.

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"sudoku/solver"
	"sudoku/solver/logic"
)

// jsonStep is a step as the -json output writes it.
type jsonStep struct {
	Technique    string            `json:"technique"`
	Placements   []logic.Candidate `json:"placements"`
	Eliminations []logic.Candidate `json:"eliminations"`
	Explanation  string            `json:"explanation"`
	Rating       float64           `json:"rating"`
	Pattern      []logic.Candidate `json:"pattern"`
	Units        []string          `json:"units"`
	Links        []jsonLink        `json:"links"`
}

// jsonLink is a chain's link: {"from":{"cell":"r1c2","digit":3},"to":…,"strong":true}.
type jsonLink struct {
	From   logic.Candidate `json:"from"`
	To     logic.Candidate `json:"to"`
	Strong bool            `json:"strong"`
}

func toJSONStep(st logic.Step, v *solver.Variant) jsonStep {
	return toJSONStepNamed(st, v.UnitName)
}

// toJSONStepNamed writes a step whose units unitName names.
func toJSONStepNamed(st logic.Step, unitName func(int) string) jsonStep {
	js := jsonStep{
		Technique:    st.Technique.String(),
		Placements:   nonNil(st.Placements),
		Eliminations: nonNil(st.Eliminations),
		Explanation:  st.Explanation,
		Rating:       round1(st.Rating),
		Pattern:      nonNil(st.Pattern),
		Units:        []string{},
		Links:        []jsonLink{},
	}
	for _, l := range st.Links {
		js.Links = append(js.Links, jsonLink{l.From, l.To, l.Strong})
	}
	for _, u := range st.Units {
		js.Units = append(js.Units, unitName(u))
	}
	return js
}

func nonNil(cs []logic.Candidate) []logic.Candidate {
	if cs == nil {
		return []logic.Candidate{}
	}
	return cs
}

func round1(x float64) float64 { return float64(int(x*10+0.5)) / 10 }

// techniquesFlag parses -techniques: a comma-separated list of technique
// names, "all" or empty for every technique.
func techniquesFlag(s string) (logic.TechniqueSet, error) {
	if s == "" || s == "all" {
		return 0, nil
	}
	var set logic.TechniqueSet
	for _, name := range strings.Split(s, ",") {
		t, err := logic.ParseTechnique(strings.TrimSpace(name))
		if err != nil {
			return 0, err
		}
		set |= logic.SetOf(t)
	}
	return set, nil
}

func techniqueNames() string {
	var names []string
	for _, t := range logic.Techniques() {
		names = append(names, t.String())
	}
	return strings.Join(names, ", ")
}

// writeJSON writes v indented as the -json output of explain, hint and
// grade; an error (a closed pipe) is reported on stderr as cmd's.
func writeJSON(stdout, stderr io.Writer, cmd string, v any) bool {
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		fmt.Fprintf(stderr, "sudoku %s: %v\n", cmd, err)
		return false
	}
	return true
}
