//! Tests of the file formats: OpenGotha round trips and scoring, h9, CSV, HTML.

mod csv;
mod html;
mod opengotha;
