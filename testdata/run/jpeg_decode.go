// Decoding JPEG files: a progressive 4:1:0 file and a baseline file whose
// chroma layout Go expands itself (1x2, 2x1, 1x1 sampling factors).
package main

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"hash/crc32"
	"image"
	"image/jpeg"
)

var progressive410 = "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkz" +
	"ODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2Nj" +
	"Y2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wgARCABnAJYDAUIA" +
	"AhEBAxEB/8QAGgAAAQUBAAAAAAAAAAAAAAAAAAECAwQFBv/EABgBAAMBAQAAAAAAAAAAAAAAAAEC" +
	"AwAE/9oADAMBAAIQAxAAAAHLAUVIdqKCgbIDXqjdnCCizjVgJGAcLvT827dNPGhC/RVFdEGyAzZy" +
	"aFjJNKwRn00NfKQxebMmG7UmyUaIMlBS0GShHi4s6OPCum82UAcx5i9iwyxS79Ic2WSfLtSzo0I5" +
	"guyrksmntTXH9PPysVkgSwMqVn9PTSwwGfnlvbaDAccSbRAVszIt29mnyo6dRWiGa1MnR1Si29RV" +
	"jz6a8GZpRDiYCumWOm7X5VOty8JEd00hAXCT2M9sIAy9FqgAOGkCgBCciNAFZZrgARf/xAAoEAAC" +
	"AgECBQQDAQEAAAAAAAABAgADEQQxEBITICEUIjIzBTBBNED/2gAIAQEAAQUC/Wdv+JtuIrzGUoeO" +
	"JTUiBwrS6vpv3Ntw0vKT0V59QMNxHgqcRsy8eO5tuGnCtWFQnVMOXso91JOBcyle5/jw032hvdql" +
	"w/ZpnTlbxAw73+JnNK3auxtYsZi7A+J4m9hGYScTOJuOyz4Wbxa3eekumxix9lMyMjTVAaytaoTE" +
	"27LKM1siGtbkdUCqD8YII024Vs7C6tbltodWXIPJOScs5ZaQQqlYh5Z6t5p9RzR6q7oNEBLqeio0" +
	"odBoaxFWmuV6nq24yAgEZFYdFJ0K56eqenqnp6s9NDLqK0pm0q1WYj5mpb3JqkFTasGWWPZK2ap9" +
	"G5sp/RqPomBCsqZ0nVE6acDv/fx/0Hbm8cxhYy76a/mPMp+rWamZmZnM8xM4m3D+/jv8/EDEZQyi" +
	"itT0ElrCmgnJIPAGA+V+P//EAB0RAAIDAAIDAAAAAAAAAAAAAAABAhARAzESIVH/2gAIAQMBAT8B" +
	"p3KmSF0NidSnhGejfs42MarBPDzNFHSXynLDDj0n3aIdn//EAB8RAAICAwACAwAAAAAAAAAAAAAB" +
	"AhEDECETMSAyQf/aAAgBAgEBPwH4ra1EYiMWySoS4ZUR9i5qxq108aKHJoj1ajCxmSv0x/XVtDMv" +
	"o//EAC0QAAEDAgUCBQMFAAAAAAAAAAEAAhEhMRASIDJRMEEiYXGRoQMTgVBygrHh/9oACAEBAAY/" +
	"Av0K6g6dsnlQ4SFHbt0jIFApD4UcaJQbyrqrqi3SLShS3msvfSORTCO/Sp3CiDKB5GnJZ39ol1gu" +
	"OjRB914fpmfNZnGqGFV+MILj79GMPC0lbR76hmso+2D6pmVoE8aw1pivdeEHM0yPNDMWwearwiAj" +
	"ppgLeqhxtwiACY4QkFXCuFuC3BDLOY0FUwOFYKBIB9VWqg7lUQeQt59kCDKBLjJCkvcV4Wj1KyNs" +
	"BM4UUGyt8rb8ratinIJW0J5awAxjD6HnAN4V6hd1w1Zm3UuvPRf6Y0VCq3W0KnfH+WAKNP8AVayN" +
	"VeYTaTmuU2so/Sb+TprpP7tMGykD5RvXzRikCik3Q89AX//EACgQAAMAAgEDBAEEAwAAAAAAAAAB" +
	"ESExQRBRYSCBobFxMNHw8ZHB4f/aAAgBAQABPyHrCC6TpCH3eufqfYc9EvkvSW/g5y/foTNpLbEm" +
	"IvbCGEKKbZEIQhOn29UqyGxxqK+KbY3WPQ0Ox0wjD7hn0i9hsvMRO5CEITp94+m4y57kmTjgLz2j" +
	"nSdWtflG6+BSRvOzrPR9iIQqVyMGjm76HNGuhCCXmCdXkuQ6ozeVZUM+SEJ0gvzRC2NnoJRkuO6O" +
	"ZfLgb6n+DNbMbFDQrycHUILxWpPAw0xYILAyEJ0R05poYE++xz+2jQk/YLTfVrEFuLQ2DiGq92JW" +
	"Y6ykYID5yMIVHfIg0x7JPRhlum+RMZAFKy3kwVDT0YnMzgZYtpOFwu6wZt9dPTZvBN0jWE4CS/lU" +
	"+4RVeSUWYszKhf8Af+x/HSf7Rp/yYuUwtARQE8nJapLZozdCa7rU9ixsXh3Po5GMMy4gsKrcjQmj" +
	"oxIOcI/CFLeJv94S1GZ5CZO+xfyy68jGmtweX/kN+/kP4Wz+BswMBpjYrY+8EXY8c6J0mnGhSpsf" +
	"YxK5dENTMZERPgQdZrwkbH8QssWEycMjL9H5ciexdDNWpvhbHuusvpS4jI4FpFyGr/kUmay5gnMb" +
	"bHibLQu8mUvwxq/CzK7U39g0/cyXz/cz+D2BsWufr/UV3LXIoYHGYhNNWmssWz7YQi5HyHoTp2gx" +
	"LrbFliryG3TJlJ0MbiA57a2WIJmsadJM4Gu4/wBR/9oADAMBAAIAAwAAABAU5dgg7shY+F26e643" +
	"mMPELb82C1v6dU4sxHmZjA+A/jd7y9EsIff+gAAb/wD/xAAbEQEBAQEBAAMAAAAAAAAAAAABABEx" +
	"IRBBYf/aAAgBAwEBPxAbbhtyIqkPlw3Fyi0IE8njF4jGNum9kl5bKkOR94Vpfu8ukHMkZtuzI0ba" +
	"KDdfhBfS4u1//8QAGhEBAQEBAQEBAAAAAAAAAAAAAQARITEQYf/aAAgBAgEBPxDbYe2/PDL2Ht1P" +
	"sF22PZduxL1ZAsAboEsAybfi40AdJ4z5OQSyw7ssckQRePw8jerwv//EACcQAQACAQQBAwQDAQAA" +
	"AAAAAAEAESExQVFhcYGx8BCRocEg0eHx/9oACAEBAAE/EAlHEqnEvyTRBU02mUDqFHMfCAB4e8TL" +
	"ExDfMpvT6acSlwuExWaqNDqeJWJXcrP0DzK7m80MbPeOqJcWjDlRjeWoCLtx97jwimRMg5JWNoeJ" +
	"UBi0AO1ixpR7b64JYQsIke9JWOqcen9TVPAjHonC5UPB0e8TLK8wRIAJKtW9fEJqPc1+Lf7jow0W" +
	"y0l3Zpf0PBKlrGCR4YlIZw7q1xcSK7RR37ywJsAujV50H9RX8QqHPw94MtxIXAlIGqPfEFToRRf4" +
	"YGuKAGAHW/RJUp3A6iM34iKW4016qOFB6ErIBtHBSemsqUzVKzElQZ/DMcmM0hXSeVZz6194FtaM" +
	"KH9R7AIAc2XeOMxMafQKaNgOizWMgvi+489SzQF20iqOhp1rOLlCCIHRGeP1K8TylC+GYhXAuIJg" +
	"5gplkW0JqXt/kyLQAIg+1rKIFbTANgNiZY2TPfbKVBUZnUBaDlgkpSqu7z7SooKSskUU12I9IACY" +
	"SoyFse8YDuXMJ90ekqUkksNYM7y8hCs69zQEC0OY8qLpQwe1xM9VQQVCjqEFDmtuOfac4Wt+motb" +
	"FjWj3FsMml6aQ2NNcpTzCYyRsdtZz4/ESZKNYpTXvmWJx7M7gKnhfoqUysSj6sdt89+JY0SkKWzR" +
	"7PSJWTr/AIEqhlOZcBRng2lGC8kTGhKVW0WHUe4xVYuDeto8JZ9ogU0n4R3Clha6+sE1ecXwbLq/" +
	"9qa14ECaPEW+tc4YsNMbSsBorxlrcje7HcFGpfHU5Pk8RImr8NI9gK2i3plNEyLa3mD1owTZdWG/" +
	"zaFdttwg4o6f87jGjUWweuz7w9b3D+Q59Y+sbQD63NnNeJhbx4hicIFCl1VfuG1Hge0tyDaLT1fq" +
	"G9UGV1ooPWWyAtEVTFwbharp+phDy0uzZ7QO9zPwZuT8OZ0/l3Ot8u4q1qMjZWm82g5YXrevmFGL" +
	"HIxtHF4TEdURYmEdm4HDCNHb0/iEwLaMdQF3k/5X3gZXrlDRzEGSQEAKMl9fPMZJsQFETN5+VLKj" +
	"ZQqwCn+VfV0/HsRDYGZzRdwFtU1o7y6EGQAPh09I7C8zjK67wr/TAIKKAayhvMugRGbaWM+IRAtK" +
	"Ry7SkIzJWDS1Nqg0i5eAvbuU6LcWbsp52Y9NFGfCH6gBBbp60zXrMWGuBtVAExT/AGZ51KjzZzDQ" +
	"284wDs7juo8QVh+rrM0MwgPgu24LNJNlNmJYHQCAwKp4CYCusfsp8DwfS46ZhZk1QuWuJVONC6gT" +
	"7CZjXGLzmJY4yRK64GpiHaTYO0viFTl3lZYLdmZRUAbyVmMiibN3+S7gCmJ//9k="

var expanded121121 = "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkz" +
	"ODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2Nj" +
	"Y2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCABnAJYDARIA" +
	"AhEBAyEB/8QAGwAAAQUBAQAAAAAAAAAAAAAABgACAwQFAQf/xAA6EAACAQMDAQUFBQUJAAAAAAAB" +
	"AgMABBEFEiExBhNRYXEUIkGBoSORscHRM0Jyc/AHFRYkJTI2YpL/xAAZAQADAQEBAAAAAAAAAAAA" +
	"AAAAAQMCBAX/xAAiEQACAgICAgMBAQAAAAAAAAAAAQIRAyESMRNBBDJRFCL/2gAMAwEAAhEDEQA/" +
	"ABcDjmnjNcVntDsYFzTzjxFKwsdjVXBp4FFhYrOYzxTqVgAzGcU8DjwosAsicAI3pT5f2belai9h" +
	"ZLN9TpHWukdayUXSGNAOPGrdpae0Nt3lDxj3c9aGwbM80ypUs8LwTPE4G5Dg0xp30Mh2inD0osYH" +
	"VQscAcnpUqHawOM4OazZNA3o9AtLK0ttLW2WBDGy4fj9p4k0zvJGttsbKhT3eRkjgHx8xVX0cTUp" +
	"bfRuMKAa9tfZb6aDnCOQM9SPh9Kt6xGy377pC7kDcSOh6fgBUpaZ0Qb6ZQztvFSbazYARbak20WF" +
	"hZDKPsn9DT5h9i/oa1F7QEsv1ERzTiOtKykXpDCXTbG2u9HtXaVLeVXJ38ZIBI5+QqxpsNpNYWZZ" +
	"FZ2ULndjlTnp4+lUpMhk7ow7oGtXQx6lMpJO1tuT8ccflVztLIkurMI+kahCMfHn9azLRrE3Z0mO" +
	"M+ApbR50hgTgcU9EyeuB41hb6JWZc0u2GdrJ/pkE/wAWhXdx1OAKZY3FvLo0JRsJCuyYE8rtHOfX" +
	"r866Kfs5nkXLRW9WDesSRzXzNGSRgA5+B8KoQSrMpwNrD901HIpJ2wWWCfZVST6Y7FP21Kx2OxmK" +
	"eFosVjIJh9hJ/CafcL/l5P4T+Fbg/wDSCyWX6iK024l7s7UGWP0pxjKXRvkklZN54IJtAkMenJmN" +
	"2zMUXaOAcA8+VZGi9oP7rsZ7eW2a4cvvjIYAAkYIby4HTzrpWKVKiE/k3qjLzxo5rcRi1e5VsE78" +
	"5HmM/nVCSeSWdpZW3SSEux8SSP1pSwt9Ch8hxLx+UvZzbUuB8MkVztNOmWjmjJWmA+QjEcankv7w" +
	"9ORVa4kKXYK+H9fjXViglGzjy5mnSOflZ253IWIkZFddrBWxu8AfEZoj7KWNlqPtRu7YTyRbRhjl" +
	"cN5ePBqyQ7FbBdSEIYden1q52lgisdYuIIYlijj27UXoMqDx95pSjrYWNSa6JVAZQ3iM0rX3reM+" +
	"VeXkXGTR34snJFbO7akxWLAZWuFJtpcAn3D09K1bDT/bre7RX2OUCB2HuqCeT9KthVyv8CyMpKSp" +
	"A9M2bqTkYBxRhby2NjdMh2Jbzwru75hsbbweAOSQynnxNdsFwjRDK+VIl4vwHrPQNTv7cz29sO7H" +
	"IZ327vTPWvQoVhithHEgVFQ7FHQeHH3VRSTE4V0YcWvR5TOCrqpBDA4/r7q5kGRB1rRnYGlC/wBk" +
	"tciHuDj60nEadAUr44m3A8jgetGK9jbSdobie8nxtDMo2jnr1xwKwpKjTi27FwKPYiSeO4ukgKku" +
	"F3bhnjJ56+dbQv7HSXtNPsIkUXEgUeJHxY+PhT5P0b8b9i4mV210h7hlvbQPNNJhJEUZzgcEDr8D" +
	"Rj7LFJIkzbty9PeIA+VC5ND0uwbizzzSraWSFkfETKRxIGB58seVegTaZaXEveyxlnxtzvI45/U1" +
	"OeFTdsIyUXaLf0MDDaAH3riEf+v0osOgaWTk2uT5yN+tZ/lgHnYf0MFo+6hs7lTJ3ruFCbCVw2Tj" +
	"JI8SKKP8P6VjHsaHkHlmPI+dajgUeg/oMrMkAWtK9q9iZ4lJiHvo/Q4WMEE/L60d6rpOnyWk872k" +
	"JljjdkbbyDjr9KslRjmtk7raA7Se1E9xqUEdwFBbjduPvMenHQeGB40IglWBGQRz6UnFMSk/0osr" +
	"XZ6NfdmrPU7pb2GRrdm/aqqg7j4jPQ5pnZvW0v4l3sBLjEq+fj86k+UdFU4SHwRhatA2lXzWqZnV" +
	"QCHIweavaxKJdUuGGGAbbn0GPyqUs7ToccKkBPf9qrVbOCONy/2YDbB1I+FYWpWsFv3XcQqjNn/a" +
	"PQfnVMLjNa9A4PshLLJOim97dPqaaiSFkR1ZEbkADoKjlIDeW7iumibk2ZWj1fQ55LnRrOaUgyPE" +
	"C2PGoezjE9m7JlGT3IIFFGrb7A1apm7IH2YMmQDk+JGfyx6mnTALLlZs87yWV7uOzETnI+HGOPSt" +
	"KNtL9FZmcuMeRpYoFix3MaY74FmODn3veC5+7j510P4tOrIw+QpuqNeda12GWo8addfyX/A1jdoN" +
	"UGmdlkYHfJPGsKE/EleSflmuVqm0Vi7Vjas86KIzAkDJqqZXBzuOaxyN+N/ouLRZte+s75JraTac" +
	"8Hr8iPjS3M6b1Ax15rVJmGmCk/RebV4Mnerl/wB45Xr99XYEYQp3iLuxzgCvNnLHGTVHfj8kl2Az" +
	"VcAwn4ruNKrfC6ZR9M82fbMWc4VB50q7WIaPVOy//G9P/kilSGBq0qYARGCM27QMMxspVhnqDxSo" +
	"v2An1spLoWnpH3axyBQSeJnB5GDzmlW/LNu7ZmMIp6Q+K3oEP7RJ9txZ2MZxFFHu2Y6fAfQUqnLo" +
	"a6KLQHyIVchxg4BxSqZpu0P0TWsnAUZznrSrcTD3ol7CKJgYUP8A1FKvIyfdno4voB//2Q=="

func show(name string, data []byte) {
	m, format, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		fmt.Println(name, "error:", err)
		return
	}
	fmt.Printf("%s: format %s, %T, bounds %v\n", name, format, m, m.Bounds())
	if y, ok := m.(*image.YCbCr); ok {
		fmt.Println("  ratio", y.SubsampleRatio, "strides", y.YStride, y.CStride, "planes", len(y.Y), len(y.Cb), len(y.Cr))
		fmt.Printf("  crc Y %08x Cb %08x Cr %08x\n", crc32.ChecksumIEEE(y.Y), crc32.ChecksumIEEE(y.Cb), crc32.ChecksumIEEE(y.Cr))
		b := y.Bounds()
		for py := b.Min.Y; py < b.Max.Y; py += 17 {
			fmt.Print("  ")
			for px := b.Min.X; px < b.Max.X; px += 23 {
				c := y.YCbCrAt(px, py)
				fmt.Printf(" %3d/%3d/%3d", c.Y, c.Cb, c.Cr)
			}
			fmt.Println()
		}
		for py := 0; py < 3; py++ {
			r, g, bb, _ := m.At(40+py*30, 50+py*20).RGBA()
			fmt.Println("  At", 40+py*30, 50+py*20, r>>8, g>>8, bb>>8)
		}
	}
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(data))
	fmt.Println("  config", cfg.Width, cfg.Height, cfg.ColorModel != nil, err)
}

func main() {
	for _, f := range []struct {
		name string
		b64  string
	}{{"progressive410", progressive410}, {"expanded121121", expanded121121}} {
		data, err := base64.StdEncoding.DecodeString(f.b64)
		if err != nil {
			panic(err)
		}
		show(f.name, data)
		for _, cut := range []int{2, 300, len(data) / 2} {
			_, err := jpeg.Decode(bytes.NewReader(data[:cut]))
			_, cerr := jpeg.DecodeConfig(bytes.NewReader(data[:cut]))
			fmt.Printf("  cut %d: %v / %v\n", cut, err, cerr)
		}
		for _, pos := range []int{3, 160, 200, 700} {
			c := append([]byte(nil), data...)
			c[pos] ^= 0x5a
			_, err := jpeg.Decode(bytes.NewReader(c))
			fmt.Printf("  flip %d: %v\n", pos, err)
		}
	}
	_, _, err := image.Decode(bytes.NewReader([]byte("\xff\xd8\xff\xd9")))
	fmt.Println(err)
	_, err = jpeg.Decode(bytes.NewReader([]byte("GIF89a")))
	fmt.Println(err)
}
