#ifndef CCURL_H
#define CCURL_H

// A small C face for libcurl: `curl_easy_setopt` is variadic, which Swift cannot call, so the
// one request sitegen makes (a status, with its body never read) is set up here, whole.
// The header names no curl type, so Swift sees only these functions.

#ifdef __cplusplus
extern "C" {
#endif

/// How a status request ended.
typedef enum {
    /// The server answered: `status` holds the final HTTP status.
    CCURL_ANSWERED = 0,
    /// The deadline passed first.
    CCURL_TIMED_OUT = 1,
    /// No answer: `message` says why.
    CCURL_FAILED = 2,
} ccurl_outcome_kind;

typedef struct {
    ccurl_outcome_kind kind;
    long status;
    /// curl's words for a failure, NUL-terminated.
    char message[256];
} ccurl_outcome;

/// Asks `url` (http or https only) for its status with HEAD (`head` non-zero) or GET, following
/// up to `max_redirects` redirects, ending `timeout_ms` after it started at the latest. No body
/// is read: a GET stops at its first body byte. Blocks the calling thread; safe to call from
/// several threads at once.
ccurl_outcome ccurl_request_status(const char *url, int head, long timeout_ms, long max_redirects,
                                   const char *user_agent);

#ifdef __cplusplus
}
#endif

#endif
