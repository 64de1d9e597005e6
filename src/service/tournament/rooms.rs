//! Where a tournament's games are played: each in a room of its own (on Discord a thread made
//! in the tournament's channel), so any number of them run beside each other. The front end
//! opens rooms; without one (a test driving the service directly) a room is a place of its
//! own in the tournament's guild. A room whose game could not start (the store failed after
//! it was opened) is closed, so no empty room stays open; a quick match's rooms are alike.

use std::future::Future;
use std::pin::Pin;

use super::Inner;
use crate::service::{GameEvent, Reply};
use crate::store::Place;

/// What a front end is asked to open a room for.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RoomRequest {
    /// The tournament's channel.
    pub channel: Place,
    pub tournament: u64,
    /// The room's number within the tournament, from 1.
    pub number: u32,
    pub names: [String; 2],
    /// Not a tournament's room but a quick-match game's (`/play`; `tournament` and `number`
    /// are then 0), numbered by this unique id.
    pub quick_match: Option<u64>,
}

/// The future a room opener returns: the room's place, or `None` when none could be opened.
pub type OpenedRoom = Pin<Box<dyn Future<Output = Option<Place>> + Send>>;

/// Opens rooms for tournament games (the Discord front end: a thread; the console: a named
/// channel).
pub trait Rooms: Send + Sync {
    fn open(&self, request: RoomRequest) -> OpenedRoom;
}

/// The room of a game when no front end opens rooms: a place of its own in the guild, its
/// channel number marked with the top bit (no Discord channel id has it) so it meets no channel,
/// and a quick-match room's with the next bit too.
pub fn default_room(request: &RoomRequest) -> Place {
    let channel = match request.quick_match {
        Some(id) => (3 << 62) | id,
        None => (1 << 63) | (request.tournament << 20) | u64::from(request.number),
    };
    Place {
        guild: request.channel.guild,
        channel,
    }
}

impl Inner {
    /// Opens a room for `request`: the front end's, else [`default_room`]; `None` when the
    /// front end could open none.
    pub(in crate::service) async fn open_room(&self, request: RoomRequest) -> Option<Place> {
        match &self.rooms {
            Some(opener) => opener.open(request).await,
            None => Some(default_room(&request)),
        }
    }

    /// Closes `room`, opened for a game that could not start: one line there says why, and
    /// the front end closes it (the pairing is tried again in a room of its own).
    pub(in crate::service) fn close_unused_room(&self, room: Place) {
        let line = crate::words::room_unused(self.public_language(room));
        self.send(
            room,
            Reply::public(vec![line]).with_event(GameEvent::RoomClosed),
        );
    }
}
