//! The API's error answer: a status, a kind and a message, sent as
//! `{"error": kind, "message": text, "request_id": id}` (server/README.md
//! lists the kinds). Database and internal failures are logged with their
//! cause; the client is told only their kind and the request id.

use std::borrow::Cow;

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use draughts::room::RoomError;
use serde_json::json;

/// An error answer: `{"error": kind, "message": text}` with its status.
#[derive(Debug, Clone)]
pub struct ApiError {
    status: StatusCode,
    kind: Cow<'static, str>,
    message: String,
    retry_after: Option<u64>,
    /// What went wrong inside (logged, never sent).
    cause: Option<String>,
}

impl ApiError {
    pub(crate) fn new(
        status: StatusCode,
        kind: impl Into<Cow<'static, str>>,
        message: impl Into<String>,
    ) -> Self {
        ApiError {
            status,
            kind: kind.into(),
            message: message.into(),
            retry_after: None,
            cause: None,
        }
    }

    /// 500: a fault of the server; `cause` is logged, the client is told none of it.
    pub(crate) fn internal(cause: String) -> Self {
        tracing::error!(cause, "internal error");
        ApiError {
            cause: Some(cause),
            ..ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal",
                "the server failed to handle this request: it is logged under the request id",
            )
        }
    }

    pub(crate) fn no_room() -> Self {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "no_room",
            "there is no room with this id",
        )
    }

    pub(crate) fn not_a_player() -> Self {
        ApiError::new(
            StatusCode::FORBIDDEN,
            "not_a_player",
            "you do not sit in this room: watch it, or join it if a seat is free",
        )
    }

    pub(crate) fn busy() -> Self {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            "the room is changing too fast: try again",
        )
    }

    pub(crate) fn unauthorized(message: &str) -> Self {
        ApiError::new(StatusCode::UNAUTHORIZED, "unauthorized", message)
    }

    pub(crate) fn bad_request(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }

    /// 429: over a rate limit; `seconds` until the next request may come.
    pub(crate) fn rate_limited(what: &str, seconds: u64) -> Self {
        ApiError {
            retry_after: Some(seconds),
            ..ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                format!("too many {what} from your address: try again in {seconds} s"),
            )
        }
    }

    /// The seconds a rate-limited client should wait (its `Retry-After`).
    pub fn retry_after(&self) -> Option<u64> {
        self.retry_after
    }

    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        self.status
    }

    /// The kind (`"database"`, `"no_room"`, ...).
    pub fn kind(&self) -> &str {
        &self.kind
    }

    /// The inner cause of a database or internal error (for the log only).
    pub fn cause(&self) -> Option<&str> {
        self.cause.as_deref()
    }
}

impl From<RoomError> for ApiError {
    fn from(e: RoomError) -> Self {
        let status = match &e {
            RoomError::UnknownMode(_) => StatusCode::BAD_REQUEST,
            RoomError::Spectator => StatusCode::FORBIDDEN,
            RoomError::Expired => StatusCode::GONE,
            RoomError::IllegalMove(_) | RoomError::MalformedMove(_) => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            RoomError::Replay { .. } | RoomError::BadRecord(_) => StatusCode::INTERNAL_SERVER_ERROR,
            _ => StatusCode::CONFLICT,
        };
        ApiError::new(status, e.kind(), e.to_string())
    }
}

impl From<sqlx::Error> for ApiError {
    /// 503 `database`: the driver's text goes to the log (with the request
    /// id, when a request failed), never to the client.
    fn from(e: sqlx::Error) -> Self {
        let cause = e.to_string();
        if crate::obs::request_id().is_some() {
            tracing::error!(cause, "database error");
        }
        ApiError {
            cause: Some(cause),
            ..ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "database",
                "the database is unavailable right now: try again shortly",
            )
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = match crate::obs::request_id() {
            Some(id) => {
                Json(json!({"error": self.kind, "message": self.message, "request_id": id}))
            }
            None => Json(json!({"error": self.kind, "message": self.message})),
        };
        match self.retry_after {
            Some(seconds) => (
                self.status,
                [(header::RETRY_AFTER, seconds.to_string())],
                body,
            )
                .into_response(),
            None => (self.status, body).into_response(),
        }
    }
}
