pub mod build;
