//! The real cause of a YAML syntax error: `sevenw-yaml` (shared with the
//! runtime's sheets and scenarios), tested here through the compiler's
//! reading of card files.

pub use sevenw_yaml::cause;

#[cfg(test)]
mod tests;
