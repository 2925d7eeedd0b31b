package solver

import (
	"strings"
	"testing"
)

// TestKnownVariantsDescribeThemselves checks the table of known variants:
// each has a name LookupVariant finds it by and a rule sentence, and an
// unknown name's error lists every known one.
func TestKnownVariantsDescribeThemselves(t *testing.T) {
	vs := Variants()
	if len(vs) == 0 || vs[0] != Standard {
		t.Fatalf("Variants() = %v, want Standard first", vs)
	}
	for _, v := range vs {
		if v.Name == "" || v.Rule == "" || !strings.HasSuffix(v.Rule, ".") {
			t.Errorf("variant %q: rule %q, want a name and a sentence", v.Name, v.Rule)
		}
		if got, err := LookupVariant(strings.ToUpper(v.Name)); got != v || err != nil {
			t.Errorf("LookupVariant(%q) = %v, %v; want %v", strings.ToUpper(v.Name), got, err, v)
		}
	}
	_, err := LookupVariant("killer")
	for _, v := range vs {
		if err == nil || !strings.Contains(err.Error(), v.Name) {
			t.Errorf("LookupVariant(killer) = %v, want an error naming %s", err, v.Name)
		}
	}
}
