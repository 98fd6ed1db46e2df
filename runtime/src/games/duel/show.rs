//! What one seat sees, as a JSON document for a user interface
//! ([`crate::table::Show`]).

use sevenw_host::CardId;

use crate::table::Show;

use super::{Duel, State};

impl Show for Duel {
    fn show(&self, _state: &State, _seat: Option<usize>) -> serde_json::Value {
        todo!()
    }
    fn secrets(&self, _state: &State, _seat: Option<usize>) -> Vec<CardId> {
        todo!()
    }
    fn seen(&self, _state: &State, _seat: Option<usize>) -> Vec<CardId> {
        todo!()
    }
}
