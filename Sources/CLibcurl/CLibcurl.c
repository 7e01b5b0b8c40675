#include "CLibcurl.h"

#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

// Only curl's declarations come from its header: its functions are looked
// up in the library once it is loaded, so nothing links against it.
static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_perform)(CURL *);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    int loaded;
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load_curl(void) {
#if defined(__APPLE__)
    void *library = dlopen("libcurl.4.dylib", RTLD_NOW | RTLD_LOCAL);
#else
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
#endif
    if (library == NULL) return;
    curl.global_init = (CURLcode(*)(long))dlsym(library, "curl_global_init");
    curl.easy_init = (CURL * (*)(void)) dlsym(library, "curl_easy_init");
    curl.easy_setopt = (CURLcode(*)(CURL *, CURLoption, ...))dlsym(library, "curl_easy_setopt");
    curl.easy_perform = (CURLcode(*)(CURL *))dlsym(library, "curl_easy_perform");
    curl.easy_cleanup = (void (*)(CURL *))dlsym(library, "curl_easy_cleanup");
    curl.easy_strerror = (const char *(*)(CURLcode))dlsym(library, "curl_easy_strerror");
    curl.slist_append = (struct curl_slist * (*)(struct curl_slist *, const char *)) dlsym(library, "curl_slist_append");
    curl.slist_free_all = (void (*)(struct curl_slist *))dlsym(library, "curl_slist_free_all");
    if (!curl.global_init || !curl.easy_init || !curl.easy_setopt || !curl.easy_perform || !curl.easy_cleanup
        || !curl.easy_strerror || !curl.slist_append || !curl.slist_free_all)
        return;
    // Once, before any thread makes a request.
    curl.loaded = curl.global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK;
}

/// The head as it arrives, line by line.
typedef struct {
    despina_https_answer *answer;
    long long byte_cap;
    int head_complete;
    int over_cap;
} head_reader;

static size_t read_head_line(char *line, size_t size, size_t count, void *context) {
    head_reader *reader = context;
    size_t length = size * count;
    reader->answer->bytes_read += (long long)length;
    if (reader->answer->bytes_read > reader->byte_cap) {
        reader->over_cap = 1;
        return 0;
    }
    if (length >= 5 && memcmp(line, "HTTP/", 5) == 0) {
        // A status line starts an answer (an interim 1xx one may come first).
        // "HTTP/1.1 301 Moved", "HTTP/2 404": three digits after the first space.
        const char *space = memchr(line, ' ', length);
        long status = 0;
        for (size_t at = space ? (size_t)(space - line) + 1 : length, digits = 0;
             at < length && digits < 3 && line[at] >= '0' && line[at] <= '9'; at++, digits++)
            status = status * 10 + (line[at] - '0');
        reader->answer->status = status;
        reader->answer->has_location = 0;
        reader->answer->location[0] = 0;
        return length;
    }
    if (length >= 9 && strncasecmp(line, "location:", 9) == 0) {
        size_t start = 9, end = length;
        while (start < end && (line[start] == ' ' || line[start] == '\t')) start++;
        while (end > start && (line[end - 1] == '\r' || line[end - 1] == '\n' || line[end - 1] == ' ')) end--;
        size_t kept = end - start < sizeof reader->answer->location - 1 ? end - start : sizeof reader->answer->location - 1;
        memcpy(reader->answer->location, line + start, kept);
        reader->answer->location[kept] = 0;
        reader->answer->has_location = 1;
        return length;
    }
    if ((length == 2 && line[0] == '\r') || (length == 1 && line[0] == '\n')) {
        // The end of a head; an interim answer's is followed by another.
        if (reader->answer->status >= 200) {
            reader->head_complete = 1;
            return 0;
        }
    }
    return length;
}

static size_t refuse_body(char *data, size_t size, size_t count, void *context) {
    (void)data, (void)size, (void)count, (void)context;
    return 0;
}

int despina_https_request(
    const char *url, const char *method, const char *addresses, long timeout_ms, long long byte_cap,
    despina_https_answer *answer) {
    memset(answer, 0, sizeof *answer);
    pthread_once(&load_once, load_curl);
    if (!curl.loaded) {
        snprintf(answer->message, sizeof answer->message,
                 "https links are checked through libcurl, which could not be loaded (Debian's libcurl4)");
        return DESPINA_HTTPS_FAILED;
    }
    CURL *handle = curl.easy_init();
    if (handle == NULL) {
        snprintf(answer->message, sizeof answer->message, "libcurl could not start a request");
        return DESPINA_HTTPS_FAILED;
    }
    head_reader reader = {answer, byte_cap, 0, 0};
    char error[CURL_ERROR_SIZE] = {0};
    curl.easy_setopt(handle, CURLOPT_URL, url);
    curl.easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "https");
    curl.easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 0L);
    curl.easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
    curl.easy_setopt(handle, CURLOPT_TIMEOUT_MS, timeout_ms > 0 ? timeout_ms : 1L);
    curl.easy_setopt(handle, CURLOPT_USERAGENT, "despina-check");
    curl.easy_setopt(handle, CURLOPT_ERRORBUFFER, error);
    // A proxy's answer to CONNECT is not the site's.
    curl.easy_setopt(handle, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1L);
    curl.easy_setopt(handle, CURLOPT_HEADERFUNCTION, read_head_line);
    curl.easy_setopt(handle, CURLOPT_HEADERDATA, &reader);
    curl.easy_setopt(handle, CURLOPT_WRITEFUNCTION, refuse_body);
    if (strcmp(method, "HEAD") == 0) curl.easy_setopt(handle, CURLOPT_NOBODY, 1L);
    // The addresses the caller checked, so that the name is not resolved again.
    struct curl_slist *resolve = addresses ? curl.slist_append(NULL, addresses) : NULL;
    if (resolve) curl.easy_setopt(handle, CURLOPT_RESOLVE, resolve);
    CURLcode code = curl.easy_perform(handle);
    curl.easy_cleanup(handle);
    if (resolve) curl.slist_free_all(resolve);
    if (reader.over_cap) {
        snprintf(answer->message, sizeof answer->message, "the answer's head is longer than %lld bytes", byte_cap);
        return DESPINA_HTTPS_FAILED;
    }
    // Stopping at the end of the head, or at the body, is how a request ends.
    if (answer->status > 0 && (code == CURLE_OK || reader.head_complete || code == CURLE_WRITE_ERROR))
        return DESPINA_HTTPS_ANSWERED;
    if (code == CURLE_OPERATION_TIMEDOUT) return DESPINA_HTTPS_TIMED_OUT;
    snprintf(answer->message, sizeof answer->message, "%s", error[0] ? error : curl.easy_strerror(code));
    return DESPINA_HTTPS_FAILED;
}
