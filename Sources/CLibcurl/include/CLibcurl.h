#ifndef DESPINA_CLIBCURL_H
#define DESPINA_CLIBCURL_H

/// One https request through libcurl, which is loaded when the first such
/// request is made: a process that checks no https link (every build, every
/// search) does not load libcurl and the TLS libraries behind it.

/// What a request came to.
enum despina_https_outcome {
    /// The head of the answer arrived: `status`, `location`, `bytes_read` are set.
    DESPINA_HTTPS_ANSWERED = 0,
    /// The time given ran out first.
    DESPINA_HTTPS_TIMED_OUT = 1,
    /// Anything else: `message` says what.
    DESPINA_HTTPS_FAILED = 2,
};

typedef struct {
    long status;
    /// The `Location` field of the answer, NUL-terminated; empty when there is none.
    char location[4096];
    int has_location;
    long long bytes_read;
    char message[512];
} despina_https_answer;

/// Sends `method` ("HEAD" or "GET") to `url` following no redirect, and
/// waits at most `timeout_ms` for the head of the answer; the body is never
/// read. A head longer than `byte_cap` bytes fails. `addresses`, when not
/// NULL, is the host's addresses as libcurl's `CURLOPT_RESOLVE` takes them
/// (`host:port:address,address`): the connection goes to those only.
int despina_https_request(
    const char *url, const char *method, const char *addresses, long timeout_ms, long long byte_cap,
    despina_https_answer *answer);

#endif
