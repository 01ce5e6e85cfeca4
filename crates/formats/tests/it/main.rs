//! Tests of the file formats: OpenGotha round trips and scoring, h9, CSV, HTML.

mod csv;
mod h9;
mod html;
mod opengotha;
