#include "CCurl.h"

#include <curl/curl.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

// curl_global_init is not thread-safe in older libcurl: once, before the first handle.
static pthread_once_t global_once = PTHREAD_ONCE_INIT;
static CURLcode global_result = CURLE_FAILED_INIT;

static void global_init(void) { global_result = curl_global_init(CURL_GLOBAL_DEFAULT); }

// Only the status is wanted: refusing the first body byte makes curl stop the transfer at once
// (CURLE_WRITE_ERROR), so what a server sends after its head is never read into memory.
static size_t refuse_body(char *data, size_t size, size_t count, void *context) {
    (void)data; (void)size; (void)count; (void)context;
    return 0;
}

static void fail(ccurl_outcome *outcome, const char *message) {
    outcome->kind = CCURL_FAILED;
    snprintf(outcome->message, sizeof outcome->message, "%s", message);
}

ccurl_outcome ccurl_request_status(const char *url, int head, long timeout_ms, long max_redirects,
                                   const char *user_agent) {
    ccurl_outcome outcome;
    memset(&outcome, 0, sizeof outcome);
    pthread_once(&global_once, global_init);
    if (global_result != CURLE_OK) {
        fail(&outcome, curl_easy_strerror(global_result));
        return outcome;
    }
    CURL *curl = curl_easy_init();
    if (!curl) {
        fail(&outcome, "cannot start a request");
        return outcome;
    }
    char error[CURL_ERROR_SIZE] = "";
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error);
    // Signals are process-wide; requests run on threads of their own.
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    // One deadline from connecting to the last byte: a trickling server cannot stretch it.
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, timeout_ms);
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(curl, CURLOPT_MAXREDIRS, max_redirects);
    // A link, or a redirect, to file:, ftp: or any other scheme is not followed.
#if LIBCURL_VERSION_NUM >= 0x075500
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
#else
    // libcurl before 7.85 (Ubuntu 22.04's 7.81) has only the bit mask.
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    curl_easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
    // What curl holds of a transfer at once; the body is never kept in any case.
    curl_easy_setopt(curl, CURLOPT_BUFFERSIZE, 16L * 1024);
    curl_easy_setopt(curl, CURLOPT_USERAGENT, user_agent);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, refuse_body);
    if (head) curl_easy_setopt(curl, CURLOPT_NOBODY, 1L);

    CURLcode result = curl_easy_perform(curl);
    long status = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    if (result == CURLE_OK || (result == CURLE_WRITE_ERROR && status > 0)) {
        outcome.kind = CCURL_ANSWERED;
        outcome.status = status;
    } else if (result == CURLE_OPERATION_TIMEDOUT) {
        outcome.kind = CCURL_TIMED_OUT;
    } else {
        fail(&outcome, error[0] ? error : curl_easy_strerror(result));
    }
    curl_easy_cleanup(curl);
    return outcome;
}
