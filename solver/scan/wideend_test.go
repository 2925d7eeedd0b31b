package scan

import "testing"

// TestWideEnd: a first or last cell wider than wideCell of the median
// cell is cut a median cell wide from the line inside it; cells a little
// wide, and the cells between, stay as they were.
func TestWideEnd(t *testing.T) {
	for _, c := range []struct {
		name     string
		in, want [10]int
	}{
		{"even", [10]int{0, 36, 72, 108, 144, 180, 216, 252, 288, 324}, [10]int{0, 36, 72, 108, 144, 180, 216, 252, 288, 324}},
		{"first wide", [10]int{3, 49, 81, 112, 145, 179, 212, 248, 284, 321}, [10]int{15, 49, 81, 112, 145, 179, 212, 248, 284, 321}},
		{"last wide", [10]int{0, 33, 66, 99, 132, 165, 198, 231, 264, 310}, [10]int{0, 33, 66, 99, 132, 165, 198, 231, 264, 297}},
		{"both wide", [10]int{0, 45, 78, 111, 144, 177, 210, 243, 276, 320}, [10]int{12, 45, 78, 111, 144, 177, 210, 243, 276, 309}},
		{"a little wide", [10]int{0, 38, 72, 106, 140, 174, 208, 242, 276, 314}, [10]int{0, 38, 72, 106, 140, 174, 208, 242, 276, 314}},
		{"narrow", [10]int{15, 36, 72, 108, 144, 180, 216, 252, 288, 324}, [10]int{15, 36, 72, 108, 144, 180, 216, 252, 288, 324}},
	} {
		l := c.in
		wideEnd(&l)
		if l != c.want {
			t.Errorf("%s: %v gives %v, want %v", c.name, c.in, l, c.want)
		}
	}
}

// TestWideEndPhoto: in finder "thick rule beside" 46 the outline lies
// on the rule above the grid, and the first row's cells are cut 46
// pixels tall (the rest 32-36): cut so, r1c1's 4 and r1c5's 3 were
// lost. With wideEnd the first row is cut a median cell tall and the
// photo reads exactly.
func TestWideEndPhoto(t *testing.T) {
	want := mustGrid(t, puzzle)
	img, _, _ := finderPhoto(t, caseIndex(t, finderCases, "thick rule beside"), 46)
	g, _ := toGray(img)
	rg, gl, _, ok := findGrid(g, nil)
	if !ok {
		t.Fatal("no grid")
	}
	cl := gl.cellLines(threshold(rg, cellSide/2, 0.05))
	for _, c := range []int{0, 4} {
		if h := cl.y[c][1] - cl.y[c][0]; h > 36 {
			t.Errorf("column %d: the first row cut %d pixels tall (lines %v)", c+1, h, cl.y[c])
		}
	}
	rd, err := ReadImage(img, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rd.Digits != want {
		t.Errorf("read %s, want %s", rd.Digits, want)
	}
}
