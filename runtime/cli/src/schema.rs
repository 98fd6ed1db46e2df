//! `sevenw schema`: the JSON Schemas of the families' documents.

use std::path::Path;

use clap::error::ErrorKind;
use sevenw_runtime::games::{Library, documents};
use sevenw_runtime::schema::schema_text;
use sevenw_runtime::text::shown;

use crate::io::label;
use crate::{Fail, input, usage};

pub(crate) fn schema(
    lib: &Library<'_>,
    document: Option<&str>,
    out: Option<&Path>,
) -> Result<String, Fail> {
    let docs = documents(lib.families);
    if docs.is_empty() {
        return Err(input(
            "the game families of this program have no documents (city sheets, scenarios) and so no schemas",
        ));
    }
    if let Some(dir) = out {
        std::fs::create_dir_all(dir)
            .map_err(|e| input(format!("cannot create {}: {e}", label(dir))))?;
        for (name, s) in &docs {
            let path = dir.join(format!("{name}.schema.json"));
            std::fs::write(&path, schema_text(s))
                .map_err(|e| input(format!("cannot write {}: {e}", label(&path))))?;
        }
        return Ok(String::new());
    }
    let want = document.unwrap_or("");
    match docs.iter().find(|(n, _)| *n == want) {
        Some((_, s)) => Ok(schema_text(s)),
        None => {
            let names: Vec<&str> = docs.iter().map(|(n, _)| *n).collect();
            Err(usage(
                "schema",
                ErrorKind::InvalidValue,
                format!(
                    "unknown document `{}` (documents: {})",
                    shown(want),
                    names.join(", ")
                ),
            ))
        }
    }
}
