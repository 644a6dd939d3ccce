/*
 * In-process timing driver for the wows-depack library (a baseline of `npm run bench`,
 * scenario `peers`): parses an index file or a folder of indexes, then lists the full path
 * of every file with wows_search(".*", WOWS_SEARCH_FULL_PATH), `runs` times, and prints one
 * JSON line: {"ms": [...], "count": N, "chars": N}. Compiled at bench time against the
 * library built from ../shared/peers; nothing of it ships with Delve.
 *
 * Usage: wows-list (file|dir) PATH RUNS
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "wows-depack.h"

static double now_ms(void) {
    struct timespec at;
    clock_gettime(CLOCK_MONOTONIC, &at);
    return at.tv_sec * 1e3 + at.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
    if (argc != 4 || (strcmp(argv[1], "file") != 0 && strcmp(argv[1], "dir") != 0)) {
        fprintf(stderr, "usage: wows-list (file|dir) PATH RUNS\n");
        return 2;
    }
    int is_dir = strcmp(argv[1], "dir") == 0;
    int runs = atoi(argv[3]);
    if (runs < 1) runs = 1;
    int count = 0;
    long chars = 0;
    printf("{\"ms\": [");
    for (int run = 0; run < runs; run++) {
        double started = now_ms();
        WOWS_CONTEXT *context = wows_init_context(0);
        int status = is_dir ? wows_parse_index_dir(argv[2], context)
                            : wows_parse_index_file(argv[2], context);
        if (status != 0) {
            fprintf(stderr, "wows-list: parse failed (%d) on %s\n", status, argv[2]);
            return 1;
        }
        char **paths = NULL;
        count = 0;
        status = wows_search(context, ".*", WOWS_SEARCH_FULL_PATH, &count, &paths);
        if (status != 0) {
            fprintf(stderr, "wows-list: search failed (%d)\n", status);
            return 1;
        }
        chars = 0;
        for (int i = 0; i < count; i++) {
            chars += (long)strlen(paths[i]);
            free(paths[i]);
        }
        free(paths);
        wows_free_context(context);
        printf("%s%.4f", run == 0 ? "" : ", ", now_ms() - started);
    }
    printf("], \"count\": %d, \"chars\": %ld}\n", count, chars);
    return 0;
}
