//! The JSON Schema of Fray JSON files, generated from their types and shipped as
//! `docs/fray-library.schema.json` for editors and other tools.

use super::format::LibraryFile;

/// The JSON Schema of [`LibraryFile`], pretty-printed, ending with a newline.
pub fn json_schema() -> String {
    let schema = schemars::schema_for!(LibraryFile);
    let mut text = serde_json::to_string_pretty(&schema).expect("a schema serializes");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// The shipped file is the generated schema. After changing the file types, regenerate it
    /// with `UPDATE_SCHEMA=1 cargo test -p fray-data exchange`.
    #[test]
    fn the_shipped_schema_is_up_to_date() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/fray-library.schema.json");
        let generated = json_schema();
        if std::env::var_os("UPDATE_SCHEMA").is_some() {
            std::fs::write(&path, &generated).unwrap();
        }
        let shipped = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            shipped == generated,
            "{} is out of date: run UPDATE_SCHEMA=1 cargo test -p fray-data exchange",
            path.display()
        );
    }
}
