//! QR codes of the seat links, drawn as SVG, so that a player opens their board's page by
//! pointing a phone at their seat slip.

use qrcode::render::svg;
use qrcode::{EcLevel, QrCode};

/// `text` as a QR code in an SVG document (error correction M, dark on white, with the
/// standard quiet zone), or `None` if it is too long for any QR code (a link never is).
pub fn svg(text: &str) -> Option<String> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).ok()?;
    Some(
        code.render::<svg::Color<'_>>()
            .min_dimensions(160, 160)
            .dark_color(svg::Color("#000000"))
            .light_color(svg::Color("#ffffff"))
            .build(),
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_link_is_an_svg_document() {
        let s = super::svg("http://127.0.0.1:8080/play/7#secret=0123456789abcdef").unwrap();
        assert!(s.starts_with("<?xml"), "{s}");
        assert!(s.contains("<svg") && s.contains("</svg>"));
    }
}
