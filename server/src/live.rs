//! Live updates: WebSocket sessions (fed by the process's [`Hub`](crate::hub::Hub)) and,
//! on PostgreSQL, the LISTEN task that feeds the hub from every process.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{Message, WebSocket};
use sqlx::postgres::{PgListener, PgPool};
use tokio::sync::broadcast;

use crate::db::CHANNEL;
use crate::hub::Push;
use crate::service::App;

/// The largest message a client may send on a socket (it may send none that acts).
pub(crate) const MAX_MESSAGE: usize = 4096;

const READ_ONLY: &str = r#"{"error":"read_only","message":"this socket only receives the room's updates: act with POST /api/rooms/{room}/actions"}"#;

/// One socket: the room's view at connect, then each newer one. Whatever the
/// client sends is answered with a `read_only` error and changes nothing.
pub(crate) async fn session(
    mut socket: WebSocket,
    app: Arc<App>,
    id: String,
    mut rx: broadcast::Receiver<Push>,
    first: Push,
) {
    let mut last = first.seq;
    if socket
        .send(Message::Text(first.text.as_ref().into()))
        .await
        .is_ok()
    {
        loop {
            tokio::select! {
                push = rx.recv() => {
                    let push = match push {
                        Ok(push) => push,
                        // Fell behind: send the room as it is now.
                        Err(broadcast::error::RecvError::Lagged(_)) => match app.snapshot(&id).await {
                            Ok(snap) => snap.push(),
                            Err(_) => break,
                        },
                        Err(broadcast::error::RecvError::Closed) => break,
                    };
                    if push.seq > last {
                        last = push.seq;
                        if socket.send(Message::Text(push.text.as_ref().into())).await.is_err() {
                            break;
                        }
                    }
                }
                msg = socket.recv() => match msg {
                    Some(Ok(Message::Text(_) | Message::Binary(_))) => {
                        if socket.send(Message::Text(READ_ONLY.into())).await.is_err() {
                            break;
                        }
                    }
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                    Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                }
            }
        }
    }
    drop(rx);
    app.hub.release(&id);
}

/// Sends room `id`'s current view to this process's sockets, if it has any.
async fn refresh(app: &App, id: &str) {
    if app.hub.watched(id) {
        if let Ok(snap) = app.snapshot(id).await {
            app.hub.publish(id, snap.push());
        }
    }
}

/// PostgreSQL: LISTEN for room changes from every process (this one too)
/// and feed them to this process's sockets. After a reconnect, notices may
/// have been missed: every watched room is sent again.
pub(crate) async fn listen(app: Arc<App>, pool: PgPool) {
    loop {
        let mut listener = match PgListener::connect_with(&pool).await {
            Ok(listener) => listener,
            Err(_) => {
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
        };
        if listener.listen(CHANNEL).await.is_err() {
            tokio::time::sleep(Duration::from_secs(1)).await;
            continue;
        }
        for id in app.hub.all() {
            refresh(&app, &id).await;
        }
        loop {
            match listener.try_recv().await {
                Ok(Some(notice)) => {
                    let id = notice.payload().to_owned();
                    if app.hub.watched(&id) {
                        let app = app.clone();
                        tokio::spawn(async move { refresh(&app, &id).await });
                    }
                }
                // The connection dropped and was re-established.
                Ok(None) => {
                    for id in app.hub.all() {
                        refresh(&app, &id).await;
                    }
                }
                Err(_) => break,
            }
        }
    }
}
