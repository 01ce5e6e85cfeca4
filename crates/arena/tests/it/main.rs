//! Integration tests of the arena: scripted fake engines that misbehave in every way the
//! match must survive (`fakes`), and the Elo statistics (`elo`).

mod elo;
mod fakes;
