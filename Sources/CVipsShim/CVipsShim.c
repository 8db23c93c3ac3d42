#include "CVipsShim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The part of libvips' C API (ABI 42, libvips 8.x) this file calls, declared here rather than
// through <vips/vips.h>, which needs GLib's headers and their compiler flags.
typedef struct _VipsImage VipsImage;
typedef int gboolean;
#define TRUE 1
enum { VIPS_ACCESS_SEQUENTIAL = 1 };
enum { VIPS_ACCESS_RANDOM = 0 };
enum { VIPS_SIZE_DOWN = 2, VIPS_SIZE_FORCE = 3 };
typedef enum {
    VIPS_INTERESTING_NONE = 0,
    VIPS_INTERESTING_CENTRE = 1,
    VIPS_INTERESTING_ATTENTION = 3,
    VIPS_INTERESTING_LOW = 4,
    VIPS_INTERESTING_HIGH = 5,
} VipsInteresting;
enum { VIPS_FAIL_ON_TRUNCATED = 1 };
enum { VIPS_FOREIGN_HEIF_COMPRESSION_AV1 = 4 };
#define VIPS_MAX_COORD (10000000)
#define VIPS_META_LOADER "vips-loader"
#define VIPS_META_ICC_NAME "icc-profile-data"
enum { VIPS_INTERPRETATION_B_W = 1, VIPS_INTERPRETATION_CMYK = 15, VIPS_INTERPRETATION_sRGB = 22, VIPS_INTERPRETATION_GREY16 = 26 };
enum { VIPS_FORMAT_USHORT = 2 };
// libvips is opened when first asked for (dlopen), not linked: the 100-odd libraries it
// brings would add about 14 ms to the start of every `sitegen` command, most of which never
// touch an image, and a machine without libvips still runs sitegen (without image sizes).
static struct {
    int (*vips_init)(const char *argv0);
    int (*vips_version)(int flag);
    const char *(*vips_version_string)(void);
    void (*vips_concurrency_set)(int concurrency);
    void (*vips_cache_set_max)(int max);
    void (*vips_leak_set)(gboolean leak);
    const char *(*vips_error_buffer)(void);
    void (*vips_error_clear)(void);
    void (*vips_error)(const char *domain, const char *format, ...);
    VipsImage *(*vips_image_new_from_file)(const char *name, ...);
    int (*vips_image_get_width)(const VipsImage *image);
    int (*vips_image_get_interpretation)(const VipsImage *image);
    int (*vips_image_get_height)(const VipsImage *image);
    int (*vips_image_get_n_pages)(VipsImage *image);
    int (*vips_image_get_page_height)(VipsImage *image);
    gboolean (*vips_image_get_orientation_swap)(VipsImage *image);
    unsigned long (*vips_image_get_typeof)(const VipsImage *image, const char *name);
    int (*vips_image_get_string)(const VipsImage *image, const char *name, const char **out);
    int (*vips_black)(VipsImage **out, int width, int height, ...);
    int (*vips_thumbnail)(const char *filename, VipsImage **out, int width, ...);
    int (*vips_thumbnail_image)(VipsImage *in, VipsImage **out, int width, ...);
    int (*vips_autorot)(VipsImage *in, VipsImage **out, ...);
    int (*vips_smartcrop)(VipsImage *in, VipsImage **out, int width, int height, ...);
    int (*vips_icc_transform)(VipsImage *in, VipsImage **out, const char *output_profile, ...);
    int (*vips_colourspace)(VipsImage *in, VipsImage **out, int space, ...);
    int (*vips_image_get_format)(const VipsImage *image);
    int (*vips_webpsave_buffer)(VipsImage *in, void **buf, size_t *len, ...);
    int (*vips_heifsave_buffer)(VipsImage *in, void **buf, size_t *len, ...);
    int (*vips_jpegsave_buffer)(VipsImage *in, void **buf, size_t *len, ...);
    int (*vips_pngsave_buffer)(VipsImage *in, void **buf, size_t *len, ...);
    int (*vips_gifsave_buffer)(VipsImage *in, void **buf, size_t *len, ...);
    int (*vips_copy)(VipsImage *in, VipsImage **out, ...);
    VipsImage *(*vips_image_copy_memory)(VipsImage *image);
    char* *(*vips_image_get_fields)(VipsImage *image);
    gboolean (*vips_image_remove)(VipsImage *image, const char *name);
    void (*g_strfreev)(char **list);
    void (*g_object_unref)(void *object);
    void *(*g_object_ref)(void *object);
    void (*g_free)(void *memory);
} calls;

static pthread_once_t started = PTHREAD_ONCE_INIT;
static int start_result = -1;

static char start_error[256] = "libvips did not start";

static void start_once(void) {
    const char *names[] = {"libvips.so.42", "libvips.42.dylib", "/opt/homebrew/lib/libvips.42.dylib",
                           "/usr/local/lib/libvips.42.dylib", NULL};
    void *library = NULL;
    for (int index = 0; names[index] && !library; index++) library = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(start_error, sizeof(start_error),
                 "libvips is not installed (Debian and Ubuntu: apt-get install libvips42; macOS: brew install vips)");
        return;
    }
    // Each call by its name, in libvips or the GLib libraries it brings.
    const struct { void **slot; const char *name; } table[] = {
        {(void **)&calls.vips_init, "vips_init"}, {(void **)&calls.vips_version, "vips_version"},
        {(void **)&calls.vips_version_string, "vips_version_string"},
        {(void **)&calls.vips_concurrency_set, "vips_concurrency_set"},
        {(void **)&calls.vips_cache_set_max, "vips_cache_set_max"}, {(void **)&calls.vips_leak_set, "vips_leak_set"},
        {(void **)&calls.vips_error_buffer, "vips_error_buffer"}, {(void **)&calls.vips_error_clear, "vips_error_clear"},
        {(void **)&calls.vips_error, "vips_error"}, {(void **)&calls.vips_image_new_from_file, "vips_image_new_from_file"},
        {(void **)&calls.vips_image_get_width, "vips_image_get_width"},
        {(void **)&calls.vips_image_get_interpretation, "vips_image_get_interpretation"},
        {(void **)&calls.vips_image_get_height, "vips_image_get_height"},
        {(void **)&calls.vips_image_get_n_pages, "vips_image_get_n_pages"},
        {(void **)&calls.vips_image_get_page_height, "vips_image_get_page_height"},
        {(void **)&calls.vips_image_get_orientation_swap, "vips_image_get_orientation_swap"},
        {(void **)&calls.vips_image_get_typeof, "vips_image_get_typeof"},
        {(void **)&calls.vips_image_get_string, "vips_image_get_string"}, {(void **)&calls.vips_black, "vips_black"},
        {(void **)&calls.vips_thumbnail, "vips_thumbnail"}, {(void **)&calls.vips_thumbnail_image, "vips_thumbnail_image"},
        {(void **)&calls.vips_autorot, "vips_autorot"}, {(void **)&calls.vips_smartcrop, "vips_smartcrop"},
        {(void **)&calls.vips_icc_transform, "vips_icc_transform"}, {(void **)&calls.vips_colourspace, "vips_colourspace"},
        {(void **)&calls.vips_image_get_format, "vips_image_get_format"},
        {(void **)&calls.vips_webpsave_buffer, "vips_webpsave_buffer"},
        {(void **)&calls.vips_heifsave_buffer, "vips_heifsave_buffer"},
        {(void **)&calls.vips_jpegsave_buffer, "vips_jpegsave_buffer"},
        {(void **)&calls.vips_pngsave_buffer, "vips_pngsave_buffer"},
        {(void **)&calls.vips_gifsave_buffer, "vips_gifsave_buffer"}, {(void **)&calls.vips_copy, "vips_copy"},
        {(void **)&calls.vips_image_copy_memory, "vips_image_copy_memory"},
        {(void **)&calls.vips_image_get_fields, "vips_image_get_fields"},
        {(void **)&calls.vips_image_remove, "vips_image_remove"}, {(void **)&calls.g_strfreev, "g_strfreev"},
        {(void **)&calls.g_object_unref, "g_object_unref"}, {(void **)&calls.g_object_ref, "g_object_ref"},
        {(void **)&calls.g_free, "g_free"},
    };
    for (size_t index = 0; index < sizeof(table) / sizeof(table[0]); index++) {
        *table[index].slot = dlsym(library, table[index].name);
        if (!*table[index].slot) {
            snprintf(start_error, sizeof(start_error), "libvips lacks %s: sitegen needs libvips 8.13 or later", table[index].name);
            return;
        }
    }
    // The ABI the declarations above are of (libvips' current - age).
    if (calls.vips_version(3) - calls.vips_version(5) != 42) {
        snprintf(start_error, sizeof(start_error), "libvips is of another ABI than 42 (libvips 8)");
        return;
    }
    // libvips prints its warnings (a damaged tile, a cut-short file) to stderr unless this is
    // set; sitegen reports the error libvips returns, once, naming the file.
    setenv("VIPS_WARNING", "0", 0);
    if (calls.vips_init("sitegen") != 0) return;
    // sitegen runs one image per core itself; libvips' own threads and operation cache would
    // only add memory.
    calls.vips_concurrency_set(1);
    calls.vips_cache_set_max(0);
    calls.vips_leak_set(0);
    start_result = 0;
}

// Below, libvips is called by its names.
#define vips_init calls.vips_init
#define vips_version calls.vips_version
#define vips_version_string calls.vips_version_string
#define vips_concurrency_set calls.vips_concurrency_set
#define vips_cache_set_max calls.vips_cache_set_max
#define vips_leak_set calls.vips_leak_set
#define vips_error_buffer calls.vips_error_buffer
#define vips_error_clear calls.vips_error_clear
#define vips_error calls.vips_error
#define vips_image_new_from_file calls.vips_image_new_from_file
#define vips_image_get_width calls.vips_image_get_width
#define vips_image_get_interpretation calls.vips_image_get_interpretation
#define vips_image_get_height calls.vips_image_get_height
#define vips_image_get_n_pages calls.vips_image_get_n_pages
#define vips_image_get_page_height calls.vips_image_get_page_height
#define vips_image_get_orientation_swap calls.vips_image_get_orientation_swap
#define vips_image_get_typeof calls.vips_image_get_typeof
#define vips_image_get_string calls.vips_image_get_string
#define vips_black calls.vips_black
#define vips_thumbnail calls.vips_thumbnail
#define vips_thumbnail_image calls.vips_thumbnail_image
#define vips_autorot calls.vips_autorot
#define vips_smartcrop calls.vips_smartcrop
#define vips_icc_transform calls.vips_icc_transform
#define vips_colourspace calls.vips_colourspace
#define vips_image_get_format calls.vips_image_get_format
#define vips_webpsave_buffer calls.vips_webpsave_buffer
#define vips_heifsave_buffer calls.vips_heifsave_buffer
#define vips_jpegsave_buffer calls.vips_jpegsave_buffer
#define vips_pngsave_buffer calls.vips_pngsave_buffer
#define vips_gifsave_buffer calls.vips_gifsave_buffer
#define vips_copy calls.vips_copy
#define vips_image_copy_memory calls.vips_image_copy_memory
#define vips_image_get_fields calls.vips_image_get_fields
#define vips_image_remove calls.vips_image_remove
#define g_strfreev calls.g_strfreev
#define g_object_unref calls.g_object_unref
#define g_object_ref calls.g_object_ref
#define g_free calls.g_free

int sg_vips_start(void) {
    pthread_once(&started, start_once);
    return start_result;
}

const char *sg_vips_start_error(void) {
    return start_error;
}

const char *sg_vips_version(void) {
    return vips_version_string();
}

/// The error libvips gave this thread's last call, in `error`; libvips' buffer cleared.
static int failed(char *error, size_t error_size, const char *fallback) {
    // libvips not started: none of its calls is there to ask.
    const char *message = start_result == 0 ? vips_error_buffer() : NULL;
    snprintf(error, error_size, "%s", message && *message ? message : fallback);
    size_t length = strlen(error);
    while (length > 0 && (error[length - 1] == '\n' || error[length - 1] == ' ')) error[--length] = 0;
    if (start_result == 0) vips_error_clear();
    return -1;
}

static int save(VipsImage *image, const char *format, int quality, void **output, size_t *length) {
    if (strcmp(format, "webp") == 0) return vips_webpsave_buffer(image, output, length, "Q", quality, "strip", TRUE, NULL);
    if (strcmp(format, "avif") == 0)
        return vips_heifsave_buffer(image, output, length, "Q", quality, "compression", VIPS_FOREIGN_HEIF_COMPRESSION_AV1,
                                    "strip", TRUE, NULL);
    if (strcmp(format, "jpeg") == 0)
        return vips_jpegsave_buffer(image, output, length, "Q", quality, "strip", TRUE, "optimize_coding", TRUE, NULL);
    if (strcmp(format, "png") == 0) return vips_pngsave_buffer(image, output, length, "strip", TRUE, NULL);
    if (strcmp(format, "gif") == 0) return vips_gifsave_buffer(image, output, length, "strip", TRUE, NULL);
    vips_error("sitegen", "cannot write %s", format);
    return -1;
}

int sg_vips_can_save(const char *format) {
    if (sg_vips_start() != 0) return 0;
    VipsImage *probe = NULL;
    if (vips_black(&probe, 8, 8, "bands", 3, NULL) != 0) {
        vips_error_clear();
        return 0;
    }
    void *output = NULL;
    size_t length = 0;
    int saved = save(probe, format, 50, &output, &length) == 0;
    g_object_unref(probe);
    if (output) g_free(output);
    vips_error_clear();
    return saved;
}

static int info_attempt(const char *path, sg_vips_info *info, char *error, size_t error_size) {
    if (sg_vips_start() != 0) return failed(error, error_size, start_error);
    // The header only: nothing is decoded.
    VipsImage *image = vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (!image) return failed(error, error_size, "not an image libvips can read");
    int frames = vips_image_get_n_pages(image);
    int height = vips_image_get_height(image);
    // An animation's frames are stacked: one frame's height.
    int pageHeight = vips_image_get_page_height(image);
    info->width = vips_image_get_width(image);
    info->height = frames > 1 && pageHeight > 0 ? pageHeight : height;
    if (vips_image_get_orientation_swap(image)) {
        int width = info->width;
        info->width = info->height;
        info->height = width;
    }
    info->frames = frames;
    const char *loader = NULL;
    if (vips_image_get_typeof(image, VIPS_META_LOADER) && vips_image_get_string(image, VIPS_META_LOADER, &loader) == 0 && loader) {
        snprintf(info->loader, sizeof(info->loader), "%s", loader);
    } else {
        info->loader[0] = 0;
    }
    g_object_unref(image);
    vips_error_clear();
    return 0;
}

/// What the header of the image at `path` says of its colours (nothing decoded): whether it
/// carries a colour profile (`SG_PROFILED`) and whether it is CMYK (`SG_CMYK`). A copy is
/// converted to sRGB only then; otherwise the conversion is a colour transform of every pixel
/// for nothing (an RGB image without a profile is taken as sRGB, as browsers take it). When
/// the header cannot be read, profiled: the call that follows says what is wrong.
enum { SG_PROFILED = 1, SG_CMYK = 2 };
static int colours_in(VipsImage *image) {
    return (vips_image_get_typeof(image, VIPS_META_ICC_NAME) ? SG_PROFILED : 0)
        | (vips_image_get_interpretation(image) == VIPS_INTERPRETATION_CMYK ? SG_CMYK : 0);
}

static int colours_of(const char *path) {
    VipsImage *header = vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (!header) {
        vips_error_clear();
        return SG_PROFILED;
    }
    int colours = colours_in(header);
    g_object_unref(header);
    return colours;
}

/// `in` in 8-bit sRGB (or grey), as the copies are: through its colour profile when it has
/// one, through libvips' CMYK profile when it is CMYK without one, 16 bits a channel made 8.
/// Takes `in` (unreferenced); NULL (libvips' error set) when it cannot be converted.
static VipsImage *in_srgb(VipsImage *in) {
    VipsImage *converted = in;
    int result = 0;
    if (vips_image_get_typeof(in, VIPS_META_ICC_NAME)) {
        result = vips_icc_transform(in, &converted, "srgb", "embedded", TRUE, NULL);
    } else if (vips_image_get_interpretation(in) == VIPS_INTERPRETATION_CMYK) {
        result = vips_icc_transform(in, &converted, "srgb", "input_profile", "cmyk", NULL);
    } else {
        g_object_ref(in);
    }
    g_object_unref(in);
    if (result != 0) return NULL;
    if (vips_image_get_format(converted) == VIPS_FORMAT_USHORT) {
        VipsImage *narrowed = NULL;
        int grey = vips_image_get_interpretation(converted) == VIPS_INTERPRETATION_GREY16;
        result = vips_colourspace(converted, &narrowed, grey ? VIPS_INTERPRETATION_B_W : VIPS_INTERPRETATION_sRGB, NULL);
        g_object_unref(converted);
        return result == 0 ? narrowed : NULL;
    }
    return converted;
}

/// The image at `path`, whole, turned upright (EXIF orientation), read with `access`; NULL
/// (libvips' error set) when it cannot be read.
static VipsImage *upright_image(const char *path, int access) {
    VipsImage *whole = vips_image_new_from_file(path, "access", access, "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL);
    if (!whole) return NULL;
    VipsImage *upright = NULL;
    int result = vips_autorot(whole, &upright, NULL);
    g_object_unref(whole);
    return result == 0 ? upright : NULL;
}

/// The image at `job->path` made to `job`'s size, oriented, without metadata; NULL (libvips'
/// error set) when it cannot be.
static VipsImage *made_image(const sg_vips_job *job) {
    VipsInteresting crop = VIPS_INTERESTING_NONE;
    if (job->mode == SG_VIPS_FILL || job->mode == SG_VIPS_CROP) {
        switch (job->anchor) {
        case 1: crop = VIPS_INTERESTING_ATTENTION; break;
        case 2: crop = VIPS_INTERESTING_LOW; break;
        case 3: crop = VIPS_INTERESTING_HIGH; break;
        default: crop = VIPS_INTERESTING_CENTRE; break;
        }
    }
    // A side left free is as large as libvips allows: the other side decides.
    int width = job->width > 0 ? job->width : VIPS_MAX_COORD;
    int height = job->height > 0 ? job->height : VIPS_MAX_COORD;
    int size = job->mode == SG_VIPS_SCALE ? VIPS_SIZE_FORCE : VIPS_SIZE_DOWN;
    VipsImage *made = NULL;
    int colours = 0;
    int result;
    if (job->mode == SG_VIPS_CROP) {
        // Cut at the image's own size: decoded whole (random access), turned upright first.
        VipsImage *upright = upright_image(job->path, VIPS_ACCESS_RANDOM);
        if (!upright) return NULL;
        int cropWidth = job->width > 0 && job->width < vips_image_get_width(upright) ? job->width : vips_image_get_width(upright);
        int cropHeight = job->height > 0 && job->height < vips_image_get_height(upright) ? job->height : vips_image_get_height(upright);
        result = vips_smartcrop(upright, &made, cropWidth, cropHeight, "interesting", crop, NULL);
        g_object_unref(upright);
        // In 8-bit sRGB, as the other modes make them: the colours the profile means.
        if (result == 0 && made) {
            made = in_srgb(made);
            if (!made) return NULL;
        }
    } else if (job->animated) {
        VipsImage *frames = vips_image_new_from_file(job->path, "n", -1, "access", VIPS_ACCESS_SEQUENTIAL,
                                                     "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL);
        if (!frames) return NULL;
        result = colours_in(frames)
            ? vips_thumbnail_image(frames, &made, width, "height", height, "size", size, "crop", crop, "export_profile", "srgb", NULL)
            : vips_thumbnail_image(frames, &made, width, "height", height, "size", size, "crop", crop, NULL);
        g_object_unref(frames);
    } else if ((colours = colours_of(job->path)) & SG_CMYK) {
        // libvips' thumbnail reads a CMYK image through its own CMYK profile whatever profile
        // the image has: converted here first, then made smaller (without shrink-on-load: rare).
        VipsImage *upright = upright_image(job->path, VIPS_ACCESS_SEQUENTIAL);
        if (!upright) return NULL;
        VipsImage *converted = in_srgb(upright);
        if (!converted) return NULL;
        result = vips_thumbnail_image(converted, &made, width, "height", height, "size", size, "crop", crop, NULL);
        g_object_unref(converted);
    } else {
        // Shrink-on-load: a JPEG or WebP is decoded at the smallest scale that still covers the size.
        result = colours & SG_PROFILED
            ? vips_thumbnail(job->path, &made, width, "height", height, "size", size, "crop", crop, "export_profile", "srgb",
                             "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL)
            : vips_thumbnail(job->path, &made, width, "height", height, "size", size, "crop", crop,
                             "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL);
    }
    if (result != 0 || !made) return NULL;
    // libvips 8.14's WebP writer keeps EXIF whatever `strip` says, and makes it again from the
    // `exif-*` fields: every field of EXIF, XMP and IPTC (camera, place, times) goes first,
    // and the orientation, which the image has taken already; and the colour profile, the
    // image being in sRGB now (`export_profile`), which browsers assume.
    VipsImage *bare = NULL;
    result = vips_copy(made, &bare, NULL);
    g_object_unref(made);
    if (result != 0 || !bare) return NULL;
    char **fields = vips_image_get_fields(bare);
    for (int index = 0; fields && fields[index]; index++) {
        const char *name = fields[index];
        if (strncmp(name, "exif-", 5) == 0 || strcmp(name, "xmp-data") == 0 || strcmp(name, "iptc-data") == 0
            || strcmp(name, "orientation") == 0 || strcmp(name, "icc-profile-data") == 0) {
            vips_image_remove(bare, name);
        }
    }
    g_strfreev(fields);
    return bare;
}

static int make_attempt(const sg_vips_job *job, void **output, size_t *length, char *error, size_t error_size) {
    if (sg_vips_start() != 0) return failed(error, error_size, start_error);
    *output = NULL;
    *length = 0;
    VipsImage *made = made_image(job);
    if (!made) return failed(error, error_size, "cannot be read or resized");
    int result = save(made, job->format, job->quality, output, length);
    g_object_unref(made);
    if (result != 0) {
        if (*output) g_free(*output);
        *output = NULL;
        return failed(error, error_size, "cannot be written");
    }
    vips_error_clear();
    return 0;
}

static int make_widths_attempt(const sg_vips_job *job, const int *widths, int count, void **outputs, size_t *lengths,
                               char *error, size_t error_size) {
    if (sg_vips_start() != 0) return failed(error, error_size, start_error);
    for (int index = 0; index < count; index++) {
        outputs[index] = NULL;
        lengths[index] = 0;
    }
    if (count == 0) return 0;
    sg_vips_job widest = *job;
    widest.mode = SG_VIPS_FIT;
    widest.width = widths[0];
    widest.height = 0;
    VipsImage *made = made_image(&widest);
    if (!made) return failed(error, error_size, "cannot be read or resized");
    // Decoded once, into memory: each narrower size is made from it.
    VipsImage *decoded = vips_image_copy_memory(made);
    g_object_unref(made);
    if (!decoded) return failed(error, error_size, "cannot be read or resized");
    int result = 0;
    for (int index = 0; index < count && result == 0; index++) {
        VipsImage *sized = NULL;
        if (index == 0) {
            sized = decoded;
            g_object_ref(sized);
        } else {
            result = vips_thumbnail_image(decoded, &sized, widths[index], "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN, NULL);
        }
        if (result == 0) result = save(sized, job->format, job->quality, &outputs[index], &lengths[index]);
        if (sized) g_object_unref(sized);
    }
    g_object_unref(decoded);
    if (result != 0) {
        for (int index = 0; index < count; index++) {
            if (outputs[index]) g_free(outputs[index]);
            outputs[index] = NULL;
            lengths[index] = 0;
        }
        return failed(error, error_size, "cannot be written");
    }
    vips_error_clear();
    return 0;
}

// libvips keeps one error buffer for all threads: a call that fails is made again with no
// other call running (an exclusive lock; every call holds it shared), so that the error it
// reports is its own, not another image's.
static pthread_rwlock_t alone = PTHREAD_RWLOCK_INITIALIZER;

#define SG_WITH_OWN_ERROR(attempt) do { \
        pthread_rwlock_rdlock(&alone); \
        int result = (attempt); \
        pthread_rwlock_unlock(&alone); \
        if (result == 0) return 0; \
        pthread_rwlock_wrlock(&alone); \
        if (start_result == 0) vips_error_clear(); \
        result = (attempt); \
        pthread_rwlock_unlock(&alone); \
        return result; \
    } while (0)

int sg_vips_info_of(const char *path, sg_vips_info *info, char *error, size_t error_size) {
    SG_WITH_OWN_ERROR(info_attempt(path, info, error, error_size));
}

int sg_vips_make(const sg_vips_job *job, void **output, size_t *length, char *error, size_t error_size) {
    SG_WITH_OWN_ERROR(make_attempt(job, output, length, error, error_size));
}

int sg_vips_make_widths(const sg_vips_job *job, const int *widths, int count, void **outputs, size_t *lengths,
                        char *error, size_t error_size) {
    SG_WITH_OWN_ERROR(make_widths_attempt(job, widths, count, outputs, lengths, error, error_size));
}

void sg_vips_free(void *buffer) {
    if (buffer) g_free(buffer);
}
