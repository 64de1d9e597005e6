//! Every integration test in one binary: one link instead of one per file. Each module is
//! one former test file; the support modules below are shared by them.

// Shared support.
mod common;
mod console_support;
mod reference;
mod store_support;
mod support;

// Tests.
mod ai;
mod cli_analysis;
mod cli_render;
mod console_clock;
mod console_game;
mod console_rules;
mod console_settings;
mod console_survival;
mod discord_ai;
mod discord_fake;
mod discord_game;
mod discord_restart;
mod discord_settings;
mod discord_shards;
mod discord_threads;
mod discord_turns;
mod history_console;
mod history_discord;
mod history_store;
mod ops_running;
mod render;
mod replay;
mod replay_reveal;
mod rules_endings;
mod rules_game;
mod rules_movement;
mod rules_properties;
mod service_api;
mod store;
mod store_crash;
mod store_damage;
mod store_full_disk;
mod store_index;
mod store_integrity;
mod store_migrate;
mod store_numbers;
mod store_rematch;
mod store_schema;
mod store_settings;
mod store_standings;
mod store_tournaments;
mod tournament_console;
mod tournament_render;
mod tournament_service;
mod tournament_survival;
