//! The API's error answer: a status, a kind and a message, sent as
//! `{"error": kind, "message": text}` (server/README.md lists the kinds).

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
        }
    }

    pub(crate) fn internal(message: String) -> Self {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", message)
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
    fn from(e: sqlx::Error) -> Self {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "database",
            format!("database error: {e}"),
        )
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = Json(json!({"error": self.kind, "message": self.message}));
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
