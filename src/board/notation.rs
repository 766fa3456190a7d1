//! The "pos" notation of cells and move lists (protocol.md §2 and §11): a letter for the column
//! from `a` (x = 0), then the row number from 1 (y + 1), as in `h8i9j10`. c-gomoku-cli opening
//! books, Yixin's "getpos" and the solver's input and output use it. Columns past `z` (boards
//! wider than 26) have no letter: [`cell_name`] writes those cells as protocol `x,y`.

/// The pos name of the cell at column `x`, row `y` (zero-based): `h8` for 7,7; `x,y` when the
/// column has no letter.
pub fn cell_name(x: usize, y: usize) -> String {
    match u8::try_from(x) {
        Ok(c) if c < 26 => format!("{}{}", (b'a' + c) as char, y + 1),
        _ => format!("{x},{y}"),
    }
}

/// Reads a pos string (`h8i9j10`, letters in either case) into zero-based `(x, y)` cells in
/// order. Nothing is checked against a board; an empty string is an empty list.
pub fn parse_pos_string(text: &str) -> Result<Vec<(usize, usize)>, String> {
    let b = text.as_bytes();
    let mut i = 0;
    let mut cells = Vec::new();
    while i < b.len() {
        let c = b[i].to_ascii_lowercase();
        if !c.is_ascii_lowercase() {
            return Err(format!(
                "expected a column letter at {:?}",
                String::from_utf8_lossy(&b[i..])
            ));
        }
        i += 1;
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        let row: usize = text[start..i]
            .parse()
            .map_err(|_| format!("expected a row number after {:?}", c as char))?;
        if row == 0 {
            return Err("row numbers start at 1".to_string());
        }
        cells.push(((c - b'a') as usize, row - 1));
    }
    Ok(cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pos_strings_are_letter_column_and_one_based_row() {
        assert_eq!(
            parse_pos_string("h8I9j10"),
            Ok(vec![(7, 7), (8, 8), (9, 9)])
        );
        assert_eq!(parse_pos_string(""), Ok(vec![]));
        assert!(parse_pos_string("h0").is_err());
        assert!(parse_pos_string("h").is_err());
        assert!(parse_pos_string("8h").is_err());
        assert!(parse_pos_string("h8 i9").is_err());
        assert_eq!(cell_name(9, 9), "j10");
        assert_eq!(cell_name(25, 0), "z1");
        assert_eq!(cell_name(26, 3), "26,3");
    }
}
