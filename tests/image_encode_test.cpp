// The image stage's encoders, shrinker and byte decoder (src/image/encode.cpp,
// decode_image_bytes): what scans, their crops and thumbnails, the quiz
// page's pictures and the synthetic scans are made with. Each encoder is
// checked by decoding what it wrote.

#include "handout/image.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

using namespace handout;

namespace {

/// A `width` × `height` image whose pixels `value(x, y)` gives.
template <class F>
GrayImage make(int width, int height, F value) {
    GrayImage image;
    image.width = width;
    image.height = height;
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) image.pixels.push_back(static_cast<std::uint8_t>(value(x, y)));
    return image;
}

/// decode_image_bytes with no size limit worth the name.
GrayImage decode(const std::string& bytes, DecodeOptions options = {}) {
    options.max_side = options.max_pixels = std::uint64_t{1} << 40;
    return decode_image_bytes(bytes, "test", options);
}

/// `jpeg` with an EXIF APP1 segment saying `orientation` put after its SOI marker.
std::string with_exif_orientation(const std::string& jpeg, unsigned char orientation) {
    const std::string tiff("II*\0\x08\0\0\0\x01\0\x12\x01\x03\0\x01\0\0\0", 18);
    const std::string payload = std::string("Exif\0\0", 6) + tiff +
                                std::string(1, static_cast<char>(orientation)) +
                                std::string(7, '\0');  // value's other bytes, next IFD offset 0
    const std::size_t length = payload.size() + 2;
    const std::string segment = std::string("\xFF\xE1", 2) + static_cast<char>(length >> 8) +
                                static_cast<char>(length & 0xFF) + payload;
    return jpeg.substr(0, 2) + segment + jpeg.substr(2);
}

}  // namespace

TEST(Shrink, AveragesWholeBlocksWhenTheFactorIsWhole) {
    const GrayImage image = make(4, 2, [](int x, int) { return x < 2 ? (x == 0 ? 0 : 100) : 200; });
    const GrayImage small = shrink(image, 2);
    ASSERT_EQ(small.width, 2);
    ASSERT_EQ(small.height, 1);
    EXPECT_EQ(small.pixels, (std::vector<std::uint8_t>{50, 200}));
}

TEST(Shrink, WeighsPartlyCoveredPixelsByTheirShare) {
    // Three pixels into two: each new one covers one and a half old ones.
    const GrayImage small = shrink(make(3, 1, [](int x, int) { return 90 * x; }), 2);
    ASSERT_EQ(small.width, 2);
    ASSERT_EQ(small.height, 1);
    EXPECT_EQ(small.pixels, (std::vector<std::uint8_t>{30, 150}));  // (0 + 45) / 1.5, (45 + 180) / 1.5
}

TEST(Shrink, LeavesASmallEnoughImageAloneAndScalesTheResolution) {
    GrayImage image = make(40, 20, [](int x, int y) { return x + y; });
    image.dpi = 300;
    EXPECT_EQ(shrink(image, 40).pixels, image.pixels);
    EXPECT_EQ(shrink(image, 0).width, 40);
    const GrayImage half = shrink(image, 20);
    EXPECT_EQ(half.width, 20);
    EXPECT_EQ(half.height, 10);
    EXPECT_DOUBLE_EQ(half.dpi, 150);
}

TEST(EncodePng, KeepsEveryPixelAndGivesTheSameBytesTwice) {
    const GrayImage image = make(37, 11, [](int x, int y) { return (x * 7 + y * 13) % 256; });
    const std::string png = encode_png(image);
    EXPECT_EQ(png, encode_png(image));
    EXPECT_EQ(static_cast<unsigned char>(png[24]), 8U);  // IHDR bit depth
    const GrayImage back = decode(png);
    EXPECT_EQ(back.width, 37);
    EXPECT_EQ(back.pixels, image.pixels);
}

TEST(EncodePng, StoresBlackAndWhiteInOneBitAndOtherImagesInEight) {
    const GrayImage bw = make(13, 5, [](int x, int y) { return (x + y) % 3 == 0 ? 0 : 255; });
    const std::string png = encode_png(bw, 0, /*one_bit=*/true);
    EXPECT_EQ(static_cast<unsigned char>(png[24]), 1U);
    EXPECT_EQ(decode(png).pixels, bw.pixels);
    const GrayImage gray = make(13, 5, [](int x, int) { return x * 10; });
    const std::string eight = encode_png(gray, 0, /*one_bit=*/true);
    EXPECT_EQ(static_cast<unsigned char>(eight[24]), 8U);
    EXPECT_EQ(decode(eight).pixels, gray.pixels);
}

TEST(EncodePng, ShrinksToTheLongestSideAskedFor) {
    const GrayImage back = decode(encode_png(make(3200, 10, [](int, int) { return 77; }), max_embedded_side));
    EXPECT_EQ(back.width, 1600);
    EXPECT_EQ(back.height, 5);
    EXPECT_EQ(back.pixels.front(), 77);
}

TEST(EncodeJpeg, DecodesCloseToTheImageAndGivesTheSameBytesTwice) {
    const GrayImage image = make(64, 48, [](int x, int y) { return 2 * x + y; });
    const std::string jpeg = encode_jpeg(image, 95);
    EXPECT_EQ(jpeg, encode_jpeg(image, 95));
    EXPECT_LT(encode_jpeg(image, 30).size(), jpeg.size());
    const GrayImage back = decode(jpeg);
    ASSERT_EQ(back.width, 64);
    ASSERT_EQ(back.height, 48);
    for (std::size_t i = 0; i < back.pixels.size(); ++i) EXPECT_NEAR(back.pixels[i], image.pixels[i], 4) << i;
}

TEST(DecodeImageBytes, ReducesJpegsByLibjpegsScaledDecodingRoundingUp) {
    const std::string jpeg = encode_jpeg(make(33, 17, [](int x, int) { return x < 16 ? 0 : 255; }), 90);
    for (const int factor : {2, 4, 8}) {
        DecodeOptions options;
        options.jpeg_reduction = factor;
        const GrayImage small = decode(jpeg, options);
        EXPECT_EQ(small.width, (33 + factor - 1) / factor) << factor;
        EXPECT_EQ(small.height, (17 + factor - 1) / factor) << factor;
    }
    DecodeOptions odd;
    odd.jpeg_reduction = 3;
    EXPECT_THROW(decode(jpeg, odd), std::invalid_argument);
}

TEST(DecodeImageBytes, TurnsByTheExifOrientationOnlyWhenAsked) {
    // Stored 32 × 16, left half black; orientation 6: turn right to show.
    const std::string jpeg =
        with_exif_orientation(encode_jpeg(make(32, 16, [](int x, int) { return x < 16 ? 0 : 255; }), 95), 6);
    const GrayImage turned = decode(jpeg);
    EXPECT_EQ(turned.width, 16);
    EXPECT_EQ(turned.height, 32);
    EXPECT_LT(turned.at(8, 4), 20);  // the stored left half is on top
    DecodeOptions as_stored;
    as_stored.exif_orientation = false;  // a JPEG inside a PDF: viewers ignore its EXIF
    const GrayImage stored = decode(jpeg, as_stored);
    EXPECT_EQ(stored.width, 32);
    EXPECT_LT(stored.at(4, 8), 20);
}

TEST(DecodeImageBytes, RefusesAnImageOverTheLimitsGiven) {
    const std::string png = encode_png(make(50, 40, [](int, int) { return 255; }));
    DecodeOptions options;
    options.max_pixels = 1999;
    try {
        decode_image_bytes(png, "page.png", options);
        FAIL() << "no error";
    } catch (const ImageError& e) {
        EXPECT_EQ(e.path(), "page.png");
        EXPECT_NE(e.reason().find("image too large: 50×40 pixels"), std::string::npos) << e.reason();
    }
    options.max_pixels = 2000;
    EXPECT_EQ(decode_image_bytes(png, "page.png", options).height, 40);
}
