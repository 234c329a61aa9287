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

/// The rooms that have sockets in this process, each with its channel.
#[derive(Debug, Default)]
pub(crate) struct Hub {
    rooms: Mutex<HashMap<String, broadcast::Sender<Push>>>,
}

impl Hub {
    pub fn subscribe(&self, id: &str) -> broadcast::Receiver<Push> {
        let mut rooms = self.rooms.lock().expect("hub lock");
        rooms
            .entry(id.to_owned())
            .or_insert_with(|| broadcast::channel(64).0)
            .subscribe()
    }

    /// Forgets a room's channel once no socket listens.
    pub fn release(&self, id: &str) {
        let mut rooms = self.rooms.lock().expect("hub lock");
        if rooms.get(id).is_some_and(|tx| tx.receiver_count() == 0) {
            rooms.remove(id);
        }
    }

    pub fn publish(&self, id: &str, push: Push) {
        let rooms = self.rooms.lock().expect("hub lock");
        if let Some(tx) = rooms.get(id) {
            // No receiver left is fine: the last socket is closing.
            let _ = tx.send(push);
        }
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
