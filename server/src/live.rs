//! Live updates: WebSocket sessions (fed by the process's [`Hub`](crate::hub::Hub)) and,
//! on PostgreSQL, the LISTEN task that feeds the hub from every process.
//!
//! Each socket is counted against the caps of [`NetLimits`](crate::NetLimits)
//! (in total, per client address, per room), pinged every `ping_every` and
//! dropped when its client has sent nothing, not even a pong, for
//! `dead_after`. A client's Close is answered with a Close (the close
//! handshake); at shutdown the server closes each socket with 1001.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, State};
use axum::response::Response;
use axum::Extension;
use futures_util::SinkExt;
use sqlx::postgres::{PgListener, PgPool};
use tokio::sync::broadcast;
use tokio::time::{timeout, Instant};

use crate::db::CHANNEL;
use crate::error::ApiError;
use crate::hub::Push;
use crate::net::{Net, Slot};
use crate::service::App;

/// The largest message a client may send on a socket (it may send none that acts).
pub(crate) const MAX_MESSAGE: usize = 4096;

/// The socket's read and write buffers (the library's default is 128 KiB
/// each: most of an idle socket's memory).
const BUFFER: usize = 4096;

const READ_ONLY: &str = r#"{"error":"read_only","message":"this socket only receives the room's updates: act with POST /api/rooms/{room}/actions"}"#;

/// `GET /api/rooms/{room}/live` (WebSocket): refused (503/429
/// `too_many_sockets`) past a cap, before the upgrade.
pub(crate) async fn upgrade(
    State(app): State<Arc<App>>,
    Extension(net): Extension<Arc<Net>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    ws: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let ws = ws.map_err(|r| ApiError::new(r.status(), "bad_request", r.body_text()))?;
    let slot = net.admit_socket(&id, peer.ip())?;
    // Subscribed before the first snapshot is read: no change falls between.
    let rx = app.hub.subscribe(&id);
    let first = match app.snapshot(&id).await {
        Ok(snap) => snap,
        Err(e) => {
            app.hub.release(&id);
            return Err(e);
        }
    };
    net.metrics.socket_opened();
    Ok(ws
        .max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .read_buffer_size(BUFFER)
        .write_buffer_size(BUFFER)
        .on_upgrade(move |socket| session(socket, app, net, id, rx, first.push(), slot)))
}

/// Why a session ended.
enum End {
    /// The client closed (its Close was answered) or went away.
    Client,
    /// No frame from the client within the dead-peer timeout.
    Dead,
    /// The server shuts down.
    Shutdown,
    /// The room's feed ended or could not be read.
    Feed,
}

/// One socket: the room's view at connect, then each newer one. Whatever the
/// client sends is answered with a `read_only` error and changes nothing.
async fn session(
    mut socket: WebSocket,
    app: Arc<App>,
    net: Arc<Net>,
    id: String,
    mut rx: broadcast::Receiver<Push>,
    first: Push,
    slot: Slot,
) {
    let limits = net.limits;
    // A send that takes longer than this is to a client that does not read.
    let send_wait = limits.dead_after.max(Duration::from_secs(1));
    let mut shutdown = net.shutdown.clone();
    let mut last = first.seq;
    let mut heard = Instant::now();
    let mut ping = tokio::time::interval_at(Instant::now() + limits.ping_every, limits.ping_every);
    ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let sent = timeout(
        send_wait,
        socket.send(Message::Text(first.text.as_ref().into())),
    )
    .await;
    let end = if !matches!(sent, Ok(Ok(()))) {
        End::Client
    } else {
        loop {
            tokio::select! {
                () = crate::net::stopping(&mut shutdown) => break End::Shutdown,
                _ = ping.tick() => {
                    if heard.elapsed() >= limits.dead_after {
                        break End::Dead;
                    }
                    if !matches!(timeout(send_wait, socket.send(Message::Ping(Default::default()))).await, Ok(Ok(()))) {
                        break End::Dead;
                    }
                }
                push = rx.recv() => {
                    let push = match push {
                        Ok(push) => push,
                        // Fell behind: send the room as it is now.
                        Err(broadcast::error::RecvError::Lagged(_)) => match app.snapshot(&id).await {
                            Ok(snap) => snap.push(),
                            Err(_) => break End::Feed,
                        },
                        Err(broadcast::error::RecvError::Closed) => break End::Feed,
                    };
                    if push.seq > last {
                        last = push.seq;
                        if !matches!(timeout(send_wait, socket.send(Message::Text(push.text.as_ref().into()))).await, Ok(Ok(()))) {
                            break End::Dead;
                        }
                    }
                }
                msg = socket.recv() => {
                    heard = Instant::now();
                    match msg {
                        Some(Ok(Message::Text(_) | Message::Binary(_))) => {
                            if !matches!(timeout(send_wait, socket.send(Message::Text(READ_ONLY.into()))).await, Ok(Ok(()))) {
                                break End::Dead;
                            }
                        }
                        Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                        Some(Ok(Message::Close(_))) => {
                            // The library has queued the answering Close: send it.
                            let _ = timeout(Duration::from_secs(1), socket.flush()).await;
                            break End::Client;
                        }
                        Some(Err(_)) | None => break End::Client,
                    }
                }
            }
        }
    };
    let closing = match end {
        End::Client => None,
        End::Dead => {
            net.metrics.socket_dead();
            tracing::info!(room = %id, "websocket dropped: its client stopped answering");
            None
        }
        End::Shutdown => Some((close_code::AWAY, "the server is restarting")),
        End::Feed => Some((close_code::ERROR, "the room's updates stopped")),
    };
    if let Some((code, reason)) = closing {
        // Our Close, then the client's answer (briefly): a clean close.
        let close = async {
            socket
                .send(Message::Close(Some(CloseFrame {
                    code,
                    reason: reason.into(),
                })))
                .await?;
            while let Some(msg) = socket.recv().await {
                if matches!(msg?, Message::Close(_)) {
                    break;
                }
            }
            Ok::<_, axum::Error>(())
        };
        let _ = timeout(Duration::from_secs(2), close).await;
    }
    drop(socket);
    drop(slot);
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
                    // "id seq": a change this process's sockets were
                    // already sent (its own write) needs no reading.
                    let (id, seq) = match notice.payload().split_once(' ') {
                        Some((id, seq)) => (id.to_owned(), seq.parse().unwrap_or(i64::MAX)),
                        None => (notice.payload().to_owned(), i64::MAX),
                    };
                    if app.hub.behind(&id, seq) {
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
