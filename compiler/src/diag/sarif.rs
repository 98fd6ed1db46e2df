//! The report as SARIF 2.1.0, the format code-scanning services (GitHub's
//! among them) read to show problems inline in a pull request.
//!
//! One run of the tool `sevenc`; one rule per code used (its explanation as
//! the rule's help); one result per diagnostic with its file, 1-based lines
//! and columns (`columnKind` is `unicodeCodePoints`, as our columns count
//! characters; `endColumn` is the column after the last character), its
//! help appended to the message, and its notes as related locations. A
//! problem of the set as a whole (a missing folder) has no location.

use super::{Diagnostic, Report, Severity};
use crate::source::{Loc, Sources};
use serde_json::{Value, json};

pub(super) fn sarif(report: &Report, sources: &Sources, version: &str) -> String {
    let mut codes: Vec<super::Code> = report.diagnostics.iter().map(|d| d.code).collect();
    codes.sort();
    codes.dedup();
    let rules: Vec<Value> = codes
        .iter()
        .map(|c| {
            let text = c.explanation();
            let short = text.lines().next().unwrap_or_default().to_string();
            json!({
                "id": c.as_str(),
                "name": format!("{c:?}"),
                "shortDescription": { "text": short },
                "help": { "text": text },
                "defaultConfiguration": { "level": level(c.severity()) },
            })
        })
        .collect();
    let results: Vec<Value> = report
        .diagnostics
        .iter()
        .map(|d| result(d, sources, codes.binary_search(&d.code).unwrap_or(0)))
        .collect();
    let log = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": { "driver": {
                "name": "sevenc",
                "version": version,
                "rules": rules,
            }},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    });
    let mut out = serde_json::to_string_pretty(&log).unwrap_or_default();
    out.push('\n');
    out
}

fn level(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

fn result(d: &Diagnostic, sources: &Sources, rule: usize) -> Value {
    let mut text = d.message.clone();
    if let Some(h) = &d.help {
        text.push_str("\nhelp: ");
        text.push_str(h);
    }
    let mut r = json!({
        "ruleId": d.code.as_str(),
        "ruleIndex": rule,
        "level": level(d.severity()),
        "message": { "text": text },
    });
    if let Some(loc) = d.loc {
        r["locations"] = json!([location(sources, loc, &d.label)]);
        let related: Vec<Value> = d
            .notes
            .iter()
            .enumerate()
            .map(|(i, (l, label))| {
                let mut v = location(sources, *l, label);
                v["id"] = json!(i);
                v
            })
            .collect();
        if !related.is_empty() {
            r["relatedLocations"] = Value::Array(related);
        }
    }
    r
}

fn location(sources: &Sources, loc: Loc, label: &str) -> Value {
    let (start_line, start_column) = sources.line_col(loc.file, loc.start);
    let (end_line, end_column) = sources.line_col(loc.file, loc.end.max(loc.start));
    let path = sources.get(loc.file).path.display().to_string();
    let mut artifact = json!({ "uri": crate::source::uri(&path) });
    if !path.starts_with('/') {
        artifact["uriBaseId"] = json!("%SRCROOT%");
    }
    let mut v = json!({
        "physicalLocation": {
            "artifactLocation": artifact,
            "region": {
                "startLine": start_line,
                "startColumn": start_column,
                "endLine": end_line,
                "endColumn": end_column,
            },
        },
    });
    if !label.is_empty() {
        v["message"] = json!({ "text": label });
    }
    v
}
