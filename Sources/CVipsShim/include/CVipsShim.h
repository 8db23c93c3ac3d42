#ifndef CVIPSSHIM_H
#define CVIPSSHIM_H

#include <stddef.h>

/// libvips behind plain, non-variadic C functions (Swift cannot call libvips' variadic ones).
/// Every function returns 0 on success; on failure, a message is put in `error`.

/// Opens and starts libvips once per process (it is loaded when first asked for, not linked);
/// later calls do nothing. 0 when it is ready; else `sg_vips_start_error` says why.
int sg_vips_start(void);

/// Why libvips is not ready: not installed, or not a libvips 8.
const char *sg_vips_start_error(void);

/// The libvips version, such as "8.14.1".
const char *sg_vips_version(void);

/// Whether libvips here can write `format` ("webp", "avif", "jpeg", "png", "gif").
int sg_vips_can_save(const char *format);

/// What an image file's header says: its size (after its EXIF orientation), how many
/// frames it has, and its format ("jpegload", "pngload", …).
typedef struct {
    int width;
    int height;
    int frames;
    char loader[48];
} sg_vips_info;

int sg_vips_info_of(const char *path, sg_vips_info *info, char *error, size_t error_size);

/// How a variant is cut from the image.
typedef enum {
    /// Within `width` × `height` (0: either side free), the whole image kept.
    SG_VIPS_FIT = 0,
    /// Exactly `width` × `height`: scaled to cover it, then cropped around `anchor`.
    SG_VIPS_FILL = 1,
    /// Exactly `width` × `height` cut out of the image at its size, around `anchor`.
    SG_VIPS_CROP = 2,
    /// Exactly `width` × `height`, the proportions not kept.
    SG_VIPS_SCALE = 3,
} sg_vips_mode;

/// Where a fill or crop keeps the image, along the side it cuts: 0 the middle, 1 the part the
/// eye goes to (libvips' attention), 2 the start (left or top), 3 the end (right or bottom).
typedef struct {
    const char *path;
    int width;
    int height;
    sg_vips_mode mode;
    int anchor;
    /// Keep every frame of an animated image.
    int animated;
    /// "webp", "avif", "jpeg", "png" or "gif".
    const char *format;
    int quality;
} sg_vips_job;

/// Makes the variant `job` describes, oriented by its EXIF orientation, in sRGB, with no
/// metadata; `*output` is freed with `sg_vips_free`.
int sg_vips_make(const sg_vips_job *job, void **output, size_t *length, char *error, size_t error_size);

/// Makes the image at `job->path` at each of `widths` (widest first; height free), in
/// `job->format` at `job->quality`: decoded once, at the widest size, the narrower ones made
/// from that. `outputs[i]` and `lengths[i]` receive each; free each with `sg_vips_free`.
int sg_vips_make_widths(const sg_vips_job *job, const int *widths, int count, void **outputs, size_t *lengths,
                        char *error, size_t error_size);

void sg_vips_free(void *buffer);

#endif
