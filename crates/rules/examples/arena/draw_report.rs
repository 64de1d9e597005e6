//! `--draws`: what each drawn game's last position held, to tell a draw nobody could have won
//! from one the side ahead failed to convert. A side can win by the flag only while it has an
//! engineer or a bomb for each of the other's mines (an engineer digs several), and otherwise
//! only by taking every piece the other can move, which camps shelter; when it has no piece
//! left that can take or trade each of those, the draw was a fortress nobody could break.

use junqi_rules::ai::match_play::GameSummary;
use junqi_rules::ai::piece_value;
use junqi_rules::game::attack;
use junqi_rules::game::geometry::CAMPS;
use junqi_rules::game::{
    AttackResult, Colour, Kind, Outcome, Piece, PublicCell, PublicPosition, Seat, Square,
};

/// One colour's pieces in a final position.
struct Army {
    colour: Colour,
    /// The AI's material values of its face-up pieces (engineers without their mine bonus).
    value: i32,
    /// Face-up piece codes in the order of the rules' table (marshal first, flag last).
    pieces: String,
    engineers: u8,
    bombs: u8,
    mines: u8,
    movable: u8,
    /// Its face-up pieces that have a rank (every mover but the bomb), highest first.
    fighters: Vec<Kind>,
    /// Face-up pieces standing in camps, such as `6B3`.
    camped: Vec<String>,
}

impl Army {
    fn of(position: &PublicPosition, colour: Colour) -> Army {
        let mut army = Army {
            colour,
            value: 0,
            pieces: String::new(),
            engineers: 0,
            bombs: 0,
            mines: 0,
            movable: 0,
            fighters: Vec::new(),
            camped: Vec::new(),
        };
        let mut kinds = Vec::new();
        for square in Square::all() {
            let PublicCell::Revealed(piece) = position.cells[square.index()] else {
                continue;
            };
            if piece.colour != colour {
                continue;
            }
            kinds.push(piece.kind);
            army.value += piece_value(piece.kind, 0);
            match piece.kind {
                Kind::Engineer => army.engineers += 1,
                Kind::Bomb => army.bombs += 1,
                Kind::Landmine => army.mines += 1,
                _ => {}
            }
            army.movable += u8::from(piece.kind.is_movable());
            if CAMPS.contains(square) {
                army.camped.push(format!("{}{square}", piece.kind.code()));
            }
        }
        kinds.sort_by_key(|kind| kind.index());
        army.pieces = kinds.iter().map(|kind| kind.code()).collect();
        army.fighters = kinds
            .into_iter()
            .filter(|kind| kind.rank().is_some())
            .collect();
        army
    }

    /// True when it could still dig every mine of `enemy` and take the flag.
    fn can_reach_flag(&self, enemy: &Army) -> bool {
        enemy.mines == 0 || self.engineers > 0 || self.bombs >= enemy.mines
    }

    /// True when it could take every piece of `enemy` that moves, by the attack table: once
    /// its strongest piece beats the enemy's strongest left it takes all the rest (and
    /// survives), an equal one is traded, and a piece nothing of it beats costs a bomb.
    fn can_take_all(&self, enemy: &Army) -> bool {
        let mut own = self.fighters.iter().copied().peekable();
        let mut bombs = self.bombs;
        for &prey in &enemy.fighters {
            let clash = own.peek().map(|&hunter| {
                let target = Piece::new(enemy.colour, prey);
                attack::resolve(Piece::new(self.colour, hunter), target, enemy.mines)
            });
            match clash {
                Some(Ok(AttackResult::AttackerWins)) => return true,
                Some(Ok(AttackResult::BothRemoved)) => {
                    own.next();
                }
                _ if bombs > 0 => bombs -= 1,
                _ => return false,
            }
        }
        true
    }
}

/// Prints one line per drawn game and a tally of the draws the side ahead could not have won
/// by the flag.
pub fn print(results: &[(usize, Seat, GameSummary)]) {
    let (mut draws, mut no_way_to_flag, mut fortresses, mut few_left) = (0, 0, 0, 0);
    for (index, _, summary) in results {
        let Outcome::Draw(reason) = summary.outcome else {
            continue;
        };
        let Ok(position) = summary.final_position.parse::<PublicPosition>() else {
            println!("game {index}: its final position does not read back");
            continue;
        };
        draws += 1;
        let [red, black] = [Colour::Red, Colour::Black].map(|colour| Army::of(&position, colour));
        let (ahead, behind) = if red.value >= black.value {
            (red, black)
        } else {
            (black, red)
        };
        let flag_out_of_reach = !ahead.can_reach_flag(&behind);
        no_way_to_flag += usize::from(flag_out_of_reach);
        let fortress = flag_out_of_reach && !ahead.can_take_all(&behind);
        fortresses += usize::from(fortress);
        few_left += usize::from(behind.movable <= 2);
        let face_down = position
            .cells
            .iter()
            .filter(|cell| **cell == PublicCell::FaceDown)
            .count();
        println!(
            "game {index}: {} after {} actions, {face_down} face down; {:?} ahead by {}: {} \
             ({} engineers, {} bombs against {} mines{}); behind: {} ({} movable, in camps: {}){}",
            reason.word(),
            summary.plies,
            ahead.colour,
            ahead.value - behind.value,
            ahead.pieces,
            ahead.engineers,
            ahead.bombs,
            behind.mines,
            if flag_out_of_reach {
                ": the flag is out of reach"
            } else {
                ""
            },
            behind.pieces,
            behind.movable,
            if behind.camped.is_empty() {
                "none".to_string()
            } else {
                behind.camped.join(" ")
            },
            if fortress {
                "; a fortress: the side ahead cannot take or trade every piece that moves"
            } else {
                ""
            },
        );
    }
    println!(
        "{draws} draws: in {no_way_to_flag} the side ahead had no engineer or bomb left to reach \
         the flag ({fortresses} of them fortresses, where it could not take or trade every piece \
         that moves either), in {few_left} the side behind had at most 2 pieces that could move"
    );
}
