// TIFF scans read with libtiff (src/scan/tiff.cpp): every kind of page a
// scanner writes made 8-bit gray, a page that cannot be read said so, and
// the pages that follow it still read.

#include "handout/scan.hpp"
#include "support.hpp"

#include <gtest/gtest.h>

#include <tiffio.h>

#include <cstdint>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

using namespace handout::scan;

namespace {

/// One page to write: its tags and a row maker.
struct TiffPage {
    std::uint32_t width = 16, height = 8;
    std::uint16_t bits = 8, samples = 1, photometric = PHOTOMETRIC_MINISBLACK;
    bool tiled = false;
    std::function<std::vector<std::uint8_t>(std::uint32_t y)> row;  ///< packed as the tags say
};

void write_pages(const std::string& path, const std::vector<TiffPage>& pages) {
    TIFF* tiff = TIFFOpen(path.c_str(), "w");
    ASSERT_NE(tiff, nullptr);
    for (const TiffPage& p : pages) {
        TIFFSetField(tiff, TIFFTAG_IMAGEWIDTH, p.width);
        TIFFSetField(tiff, TIFFTAG_IMAGELENGTH, p.height);
        TIFFSetField(tiff, TIFFTAG_BITSPERSAMPLE, p.bits);
        TIFFSetField(tiff, TIFFTAG_SAMPLESPERPIXEL, p.samples);
        TIFFSetField(tiff, TIFFTAG_PHOTOMETRIC, p.photometric);
        TIFFSetField(tiff, TIFFTAG_PLANARCONFIG, PLANARCONFIG_CONTIG);
        TIFFSetField(tiff, TIFFTAG_COMPRESSION, COMPRESSION_LZW);
        if (p.tiled) {
            TIFFSetField(tiff, TIFFTAG_TILEWIDTH, 16);
            TIFFSetField(tiff, TIFFTAG_TILELENGTH, 16);
            std::vector<std::uint8_t> tile(16 * 16 * p.samples, 0);
            for (std::uint32_t y = 0; y < p.height && y < 16; ++y) {
                const auto row = p.row(y);
                std::copy(row.begin(), row.end(), tile.begin() + y * 16 * p.samples);
            }
            ASSERT_GE(TIFFWriteTile(tiff, tile.data(), 0, 0, 0, 0), 0);
        } else {
            for (std::uint32_t y = 0; y < p.height; ++y) {
                auto row = p.row(y);
                ASSERT_EQ(TIFFWriteScanline(tiff, row.data(), y, 0), 1);
            }
        }
        ASSERT_EQ(TIFFWriteDirectory(tiff), 1);
    }
    TIFFClose(tiff);
}

/// Left half dark, right half light: `dark` and `light` bytes, one a pixel.
std::function<std::vector<std::uint8_t>(std::uint32_t)> halves(std::uint8_t dark, std::uint8_t light,
                                                               std::size_t samples = 1) {
    return [=](std::uint32_t) {
        std::vector<std::uint8_t> row;
        for (int x = 0; x < 16; ++x) row.insert(row.end(), samples, x < 8 ? dark : light);
        return row;
    };
}

}  // namespace

TEST(ScanTiff, ReadsGrayOneBitColorPaletteFreeAndTiledPagesAsGray) {
    handout::test::TempDir dir("scan-tiff");
    TiffPage gray;  // 8-bit, 0 black
    gray.row = halves(10, 240);
    TiffPage inverted = gray;  // 8-bit, 0 white
    inverted.photometric = PHOTOMETRIC_MINISWHITE;
    TiffPage one_bit;  // 1 bit, 0 white (a fax-style black-and-white scan)
    one_bit.bits = 1, one_bit.photometric = PHOTOMETRIC_MINISWHITE;
    one_bit.row = [](std::uint32_t) { return std::vector<std::uint8_t>{0xFF, 0x00}; };
    TiffPage rgb;  // red on the left, white on the right
    rgb.samples = 3, rgb.photometric = PHOTOMETRIC_RGB;
    rgb.row = [](std::uint32_t) {
        std::vector<std::uint8_t> row;
        for (int x = 0; x < 16; ++x) {
            const std::vector<std::uint8_t> px =
                x < 8 ? std::vector<std::uint8_t>{255, 0, 0} : std::vector<std::uint8_t>{255, 255, 255};
            row.insert(row.end(), px.begin(), px.end());
        }
        return row;
    };
    TiffPage tiled = gray;
    tiled.tiled = true;
    write_pages(dir / "pile.tif", {gray, inverted, one_bit, rgb, tiled});

    const std::vector<ScanPage> pages = read_scan(dir / "pile.tif");
    ASSERT_EQ(pages.size(), 5U);
    const std::vector<std::pair<int, int>> expected = {{10, 240}, {245, 15}, {0, 255}, {76, 255}, {10, 240}};
    for (std::size_t i = 0; i < pages.size(); ++i) {
        ASSERT_TRUE(pages[i].ok()) << i << ": " << pages[i].error;
        EXPECT_EQ(pages[i].index, static_cast<int>(i) + 1);
        const Raster& r = pages[i].raster;
        ASSERT_EQ(r.width, 16) << i;
        ASSERT_EQ(r.height, 8) << i;
        EXPECT_EQ(r.at(2, 3), expected[i].first) << "page " << i + 1;
        EXPECT_EQ(r.at(12, 7), expected[i].second) << "page " << i + 1;
    }
}

TEST(ScanTiff, SaysWhichPageCannotBeDecodedAndReadsTheOthers) {
    handout::test::TempDir dir("scan-tiff");
    TiffPage gray;
    gray.row = halves(0, 255);
    write_pages(dir / "pile.tif", {gray, gray, gray});
    // Spoil the second page's compressed strip (all ones: codes the LZW
    // table does not hold): its directory still reads, its pixels do not.
    std::uint64_t offset = 0, length = 0;
    {
        TIFF* tiff = TIFFOpen((dir / "pile.tif").c_str(), "r");
        ASSERT_NE(tiff, nullptr);
        ASSERT_EQ(TIFFSetDirectory(tiff, 1), 1);
        offset = TIFFGetStrileOffset(tiff, 0);
        length = TIFFGetStrileByteCount(tiff, 0);
        TIFFClose(tiff);
    }
    std::string bytes = handout::test::slurp(dir / "pile.tif");
    ASSERT_LE(offset + length, bytes.size());
    bytes.replace(offset, length, std::string(length, '\xFF'));
    std::ofstream(dir / "pile.tif", std::ios::binary)
        .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));

    const std::vector<ScanPage> pages = read_scan(dir / "pile.tif");
    ASSERT_EQ(pages.size(), 3U);
    EXPECT_TRUE(pages[0].ok()) << pages[0].error;
    EXPECT_FALSE(pages[1].ok());
    EXPECT_EQ(pages[1].index, 2);
    EXPECT_EQ(pages[1].error.rfind("the page cannot be decoded", 0), 0U) << pages[1].error;
    EXPECT_TRUE(pages[2].ok()) << pages[2].error;
    EXPECT_EQ(pages[2].raster.at(12, 0), 255);

    // A file that claims to be a TIFF and holds nothing more.
    std::ofstream(dir / "empty.tif", std::ios::binary).write("II*\0\0\0\0\0", 8);
    const auto empty = read_scan(dir / "empty.tif");
    ASSERT_EQ(empty.size(), 1U);
    EXPECT_EQ(empty[0].error, "the TIFF has no pages");
}
