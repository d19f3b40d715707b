//! Errors of the HTTP API: `{"error": {"code": CODE, "message": TEXT}}` with a 4xx status.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

use crate::bodies::{ErrorBody, ErrorDetail};

/// An HTTP API error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The status.
    pub status: StatusCode,
    /// `bad_request`, `unauthorized`, `conflict`, `forbidden`, `not_found`, `too_large`, `unsupported_media_type`,
    /// `rate_limited`, `unavailable` or `internal`.
    pub code: &'static str,
    /// What is wrong.
    pub message: String,
}

impl ApiError {
    /// Malformed JSON or a bad field (the message names it).
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            code: "bad_request",
            message: message.into(),
        }
    }
    /// The request needs a player's key, and has none or a wrong one.
    pub fn unauthorized(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::UNAUTHORIZED,
            code: "unauthorized",
            message: message.into(),
        }
    }
    /// What was asked for is taken (a name).
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::CONFLICT,
            code: "conflict",
            message: message.into(),
        }
    }
    /// No such game or page.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::NOT_FOUND,
            code: "not_found",
            message: message.into(),
        }
    }
    /// The body is larger than the limit.
    pub fn too_large(limit: usize) -> ApiError {
        ApiError {
            status: StatusCode::PAYLOAD_TOO_LARGE,
            code: "too_large",
            message: format!("the request body is larger than {limit} bytes"),
        }
    }
    /// What was asked for is larger than a response may carry (a whole record past the
    /// server's bound on one): the message says where to read it in pages.
    pub fn response_too_large(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            code: "too_large",
            message: message.into(),
        }
    }
    /// Too many requests from this client.
    pub fn rate_limited(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::TOO_MANY_REQUESTS,
            code: "rate_limited",
            message: message.into(),
        }
    }
    /// A request the server does not take from where it came (another site).
    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::FORBIDDEN,
            code: "forbidden",
            message: message.into(),
        }
    }
    /// A body that is not declared as JSON.
    pub fn unsupported_media(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::UNSUPPORTED_MEDIA_TYPE,
            code: "unsupported_media_type",
            message: message.into(),
        }
    }
    /// The server cannot take this now (it is shutting down, or full).
    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            code: "unavailable",
            message: message.into(),
        }
    }
    /// The server failed (the database, say). The detail goes to the log, under a
    /// reference the client is given, and never to the client.
    pub fn internal(detail: impl std::fmt::Display) -> ApiError {
        let reference = format!("{:x}", crate::clock::now_ms());
        tracing::error!(reference = %reference, "internal error: {detail}");
        ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            code: "internal",
            message: format!("the server failed; the log has the detail under {reference}"),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            error: ErrorDetail {
                code: self.code,
                message: self.message,
            },
        };
        (self.status, Json(body)).into_response()
    }
}
