//! The in-process hub: the rooms that have sockets in this process, each
//! with its broadcast channel of updates.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::broadcast;

/// One room update as its sockets are sent it.
#[derive(Debug, Clone)]
pub(crate) struct Push {
    pub seq: i64,
    pub text: Arc<str>,
}

/// The rooms that have sockets in this process, each with its channel and
/// the sequence number of the newest update sent on it.
#[derive(Debug, Default)]
pub(crate) struct Hub {
    rooms: Mutex<HashMap<String, (broadcast::Sender<Push>, i64)>>,
}

impl Hub {
    pub fn subscribe(&self, id: &str) -> broadcast::Receiver<Push> {
        let mut rooms = self.rooms.lock().expect("hub lock");
        rooms
            .entry(id.to_owned())
            .or_insert_with(|| (broadcast::channel(64).0, 0))
            .0
            .subscribe()
    }

    /// Forgets a room's channel once no socket listens.
    pub fn release(&self, id: &str) {
        let mut rooms = self.rooms.lock().expect("hub lock");
        if rooms
            .get(id)
            .is_some_and(|(tx, _)| tx.receiver_count() == 0)
        {
            rooms.remove(id);
        }
    }

    /// Sends `push` to room `id`'s sockets, unless an update as new or
    /// newer was sent already (the writer's own push and the database's
    /// notice of the same write arrive in either order).
    pub fn publish(&self, id: &str, push: Push) {
        let mut rooms = self.rooms.lock().expect("hub lock");
        if let Some((tx, newest)) = rooms.get_mut(id) {
            if push.seq <= *newest {
                return;
            }
            *newest = push.seq;
            // No receiver left is fine: the last socket is closing.
            let _ = tx.send(push);
        }
    }

    /// Whether room `id` has sockets here that have not been sent the
    /// update numbered `seq` (or a newer one).
    pub fn behind(&self, id: &str, seq: i64) -> bool {
        let rooms = self.rooms.lock().expect("hub lock");
        rooms.get(id).is_some_and(|(_, newest)| *newest < seq)
    }

    pub fn watched(&self, id: &str) -> bool {
        self.rooms.lock().expect("hub lock").contains_key(id)
    }

    pub fn all(&self) -> Vec<String> {
        self.rooms
            .lock()
            .expect("hub lock")
            .keys()
            .cloned()
            .collect()
    }
}
