//! JSON Schemas of the documents users write for the runtime — city sheets
//! and scenarios — generated from the very structs their readers
//! deserialize (schemars), so the two cannot drift apart. `sevenw schema`
//! prints or writes them; the repository keeps them in `schemas/`, beside
//! the compiler's (`sevenc schema`), for editors: a file starting with
//! `# yaml-language-server: $schema=…/schemas/sheet-base.schema.json` is
//! checked and completed as it is typed.

use schemars::JsonSchema;
use schemars::generate::SchemaSettings;

/// The schema of `T`, draft-07 (what YAML editors read).
pub fn schema_for<T: JsonSchema>(title: &str) -> serde_json::Value {
    let schema = SchemaSettings::draft07()
        .into_generator()
        .into_root_schema_for::<T>();
    let mut v = serde_json::to_value(schema).unwrap_or_default();
    if let Some(o) = v.as_object_mut() {
        o.insert("title".into(), serde_json::Value::String(title.into()));
    }
    v
}

/// A schema as the repository keeps it: pretty JSON and a final newline.
pub fn schema_text(schema: &serde_json::Value) -> String {
    format!(
        "{}\n",
        serde_json::to_string_pretty(schema).unwrap_or_default()
    )
}
