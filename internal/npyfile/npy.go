package npyfile

import (
	"bytes"
	byteorder "encoding/binary"
	"fmt"
	"strings"
)

// NPY builds a .npy file the way NumPy's format spec describes it, apart
// from the code under test: magic, version, header length, the dict padded
// with spaces to a multiple of 64 bytes and a newline, then vals in the
// dtype's size and byte order.
func NPY(major byte, descr string, fortran bool, shape string, vals []int64) []byte {
	f := "False"
	if fortran {
		f = "True"
	}
	dict := fmt.Sprintf("{'descr': '%s', 'fortran_order': %s, 'shape': %s, }", descr, f, shape)
	pre := 10
	if major > 1 {
		pre = 12
	}
	total := (pre + len(dict) + 1 + 63) / 64 * 64
	dict += strings.Repeat(" ", total-pre-len(dict)-1) + "\n"
	var b bytes.Buffer
	b.WriteString("\x93NUMPY")
	b.Write([]byte{major, 0})
	if major > 1 {
		byteorder.Write(&b, byteorder.LittleEndian, uint32(len(dict)))
	} else {
		byteorder.Write(&b, byteorder.LittleEndian, uint16(len(dict)))
	}
	b.WriteString(dict)
	var order byteorder.ByteOrder = byteorder.LittleEndian
	if descr[0] == '>' {
		order = byteorder.BigEndian
	}
	for _, v := range vals {
		switch descr[2] {
		case '1':
			b.WriteByte(byte(v))
		case '2':
			byteorder.Write(&b, order, uint16(v))
		case '4':
			byteorder.Write(&b, order, uint32(v))
		case '8':
			byteorder.Write(&b, order, uint64(v))
		}
	}
	return b.Bytes()
}

// RawNPY returns a version 1.0 .npy file with the given header and no values.
func RawNPY(header string) []byte {
	b := []byte("\x93NUMPY\x01\x00")
	b = byteorder.LittleEndian.AppendUint16(b, uint16(len(header)))
	return append(b, header...)
}

// NPYHeaderLen returns the bytes before the values of a .npy file of
// version 1.
func NPYHeaderLen(f []byte) int { return 10 + int(byteorder.LittleEndian.Uint16(f[8:10])) }

// Values returns the cells of grids as int64s, for NPY.
func Values(gs ...[81]uint8) []int64 {
	var vs []int64
	for _, g := range gs {
		for _, d := range g {
			vs = append(vs, int64(d))
		}
	}
	return vs
}
