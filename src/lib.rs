//! junqi-bot: 军棋翻翻棋 (Junqi flip chess) as a library: the rules engine and the bot's layers.
pub mod ai;
pub mod cli;
pub mod config;
pub mod console;
pub mod discord;
pub mod game;
pub mod ops;
pub mod render;
pub mod scoring;
pub mod service;
pub mod store;
