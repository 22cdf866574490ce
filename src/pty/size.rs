//! The terminal's size in character cells: the default, the clamping every size goes through, and
//! the check that turns a JS number into a column or row count.

use crate::error::{Error, JsNumber, Result};

/// Columns by rows, always within [`COLS`] and [`ROWS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TermSize {
    pub cols: u16,
    pub rows: u16,
}

/// Allowed columns: narrower breaks most programs' layout, wider is no screen anyone has.
pub const COLS: std::ops::RangeInclusive<u16> = 20..=400;
/// Allowed rows, for the same reasons.
pub const ROWS: std::ops::RangeInclusive<u16> = 5..=200;

impl Default for TermSize {
    /// 120 x 40: wide enough that tools do not wrap or truncate their usual output.
    fn default() -> Self {
        TermSize {
            cols: 120,
            rows: 40,
        }
    }
}

impl TermSize {
    /// A size from optional JS numbers: absent means the default, a positive integer is clamped
    /// into range, anything else (0, negative, fractional, NaN, infinite) is `ERR_INVALID_ARG`.
    pub fn from_js(cols: Option<f64>, rows: Option<f64>) -> Result<TermSize> {
        let default = TermSize::default();
        Ok(TermSize {
            cols: cells("cols", cols, default.cols, &COLS)?,
            rows: cells("rows", rows, default.rows, &ROWS)?,
        })
    }
}

fn cells(
    field: &str,
    value: Option<f64>,
    default: u16,
    range: &std::ops::RangeInclusive<u16>,
) -> Result<u16> {
    let Some(n) = value else {
        return Ok(default);
    };
    if !n.is_finite() || n < 1.0 || n.fract() != 0.0 {
        return Err(Error::invalid(
            field,
            "must be a positive integer",
            JsNumber(n),
        ));
    }
    // Clamping in f64 first: a huge count is simply the maximum.
    Ok(n.clamp(f64::from(*range.start()), f64::from(*range.end())) as u16)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn defaults_and_clamping() {
        let size = |c, r| TermSize::from_js(c, r).map(|s| (s.cols, s.rows)).ok();
        assert_eq!(size(None, None), Some((120, 40)));
        assert_eq!(size(Some(80.0), Some(24.0)), Some((80, 24)));
        assert_eq!(size(Some(1.0), Some(1.0)), Some((20, 5)));
        assert_eq!(size(Some(1e12), Some(1e12)), Some((400, 200)));
    }

    #[test]
    fn rejects_what_is_not_a_positive_integer() {
        for (cols, rows, named) in [
            (Some(0.0), None, "cols must be a positive integer (got 0)"),
            (Some(-3.0), None, "cols must be a positive integer (got -3)"),
            (
                Some(80.5),
                None,
                "cols must be a positive integer (got 80.5)",
            ),
            (
                None,
                Some(f64::NAN),
                "rows must be a positive integer (got NaN)",
            ),
            (
                None,
                Some(f64::INFINITY),
                "rows must be a positive integer (got Infinity)",
            ),
        ] {
            let err = TermSize::from_js(cols, rows).unwrap_err();
            assert_eq!(
                (err.code(), err.to_string()),
                ("ERR_INVALID_ARG", named.into())
            );
        }
    }
}
