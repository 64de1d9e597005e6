//! The arena's 四国军棋 games (`--variant siguo`): team A (player A in both its seats) against
//! team B. Game `i` deploys from seed `seed + i / 2`, A playing South and North for even `i` and
//! East and West for odd `i`, and the seat that acts first goes round the table from deal to
//! deal. `--view` sets the table's view mode (dark by default); the quiet draw is 四国's 40.
//! The baseline `random` deploys at random and acts at random; `greedy` has no 四国 form.

use std::time::Duration;

use anyhow::{Result, bail};
use junqi_rules::ai::players::Player;
use junqi_rules::ai::siguo::match_play::{SiguoPlayer, SiguoSummary, SiguoTable, play_siguo_game};
use junqi_rules::game::{Outcome, WinReason};
use junqi_rules::siguo::{OutReason, SiguoOutcome, SiguoRules, SiguoSeat, SiguoViewMode, Team};

use super::{Options, Tally, per_move, play_all, print_row};

fn siguo_player(player: Player) -> Result<SiguoPlayer> {
    match player {
        Player::Random => Ok(SiguoPlayer::Random),
        Player::Ai(level) => Ok(SiguoPlayer::Ai(level)),
        Player::Greedy => bail!("greedy plays only the flip game: choose random or ai:LEVEL"),
    }
}

/// Plays `options.games` 四国 games and prints team A's results.
pub fn run(options: &Options) -> Result<()> {
    let [a, b] = [siguo_player(options.a)?, siguo_player(options.b)?];
    let mode: SiguoViewMode = options.view.parse()?;
    let budget = options.budget();
    let results = play_all(options, |index| {
        let a_team = if index.is_multiple_of(2) {
            Team::NorthSouth
        } else {
            Team::EastWest
        };
        let players = SiguoSeat::ALL.map(|seat| if seat.team() == a_team { a } else { b });
        let deal = index / 2;
        let table = SiguoTable {
            mode,
            rules: SiguoRules::default(),
            first: SiguoSeat::from_index(deal),
            budget,
        };
        let seed = options.seed + deal as u64;
        let summary = play_siguo_game(players, seed, (index % 2) as u64, table);
        if options.verbose {
            eprintln!(
                "game {index}: seed {seed}, A plays {a_team}, {} first: {} after {} actions",
                table.first, summary.outcome, summary.actions
            );
        }
        (a_team, summary)
    });
    report(options, mode, &results);
    Ok(())
}

/// The outcome as the other games' tally counts it: a win's reason is how the last seat of
/// the beaten team went out.
fn as_outcome(summary: &SiguoSummary) -> Outcome<Team> {
    match summary.outcome {
        SiguoOutcome::Win(winner) => {
            let reason = match summary.out.last() {
                Some((_, OutReason::FlagTaken)) => WinReason::Flag,
                Some((_, OutReason::NoMoves)) => WinReason::NoMoves,
                None => WinReason::Abandonment,
            };
            Outcome::Win { winner, reason }
        }
        SiguoOutcome::Draw(reason) => Outcome::Draw(reason),
    }
}

fn report(options: &Options, mode: SiguoViewMode, results: &[(Team, SiguoSummary)]) {
    let mut tally = Tally::default();
    let mut thinking = [Duration::ZERO; 2];
    let mut decisions = [0u32; 2];
    let mut actions = 0u64;
    for (a_team, summary) in results {
        tally.add(as_outcome(summary), *a_team);
        for seat in SiguoSeat::ALL {
            let side = usize::from(seat.team() != *a_team);
            thinking[side] += summary.thinking[seat.index()];
            decisions[side] += summary.decisions[seat.index()];
        }
        actions += u64::from(summary.actions);
    }
    let games = results.len().max(1) as f64;
    let ms = |side: usize| per_move(thinking[side], decisions[side]);
    if options.table {
        print_row(options, &tally, [ms(0), ms(1)]);
    }
    println!(
        "四国 ({mode} view): team A = {} ×2, team B = {} ×2, {} games, budget {:?}, {} thread(s)",
        options.a,
        options.b,
        results.len(),
        options.budget(),
        options.threads
    );
    tally.print_points();
    println!("average game length: {:.1} actions", actions as f64 / games);
    println!("A: {:.2} ms per move, B: {:.2} ms per move", ms(0), ms(1));
    let total = thinking[0] + thinking[1];
    let per_300 = total.as_secs_f64() * 300.0 / (actions.max(1) as f64);
    println!("thinking for 300 actions of the table: {per_300:.2} s");
}
