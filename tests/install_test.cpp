// The installed program: `cmake --install` into a fresh prefix, then the
// installed handout run from another folder, as a teacher runs it after
// installing the package; and the Debian package `cpack -G DEB` makes.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <regex>
#include <set>
#include <sstream>

#include "support.hpp"

using handout::test::Proc;
using handout::test::quote;
using handout::test::run;
using handout::test::slurp;
namespace fs = std::filesystem;

namespace {

using handout::test::TempDir;

const std::string build_dir = HANDOUT_BUILD_DIR;

/// The build installed into a fresh prefix (`<tmp>/usr`); a folder `work`
/// beside it to run from, a home with no handout config of its own.
class Installed : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_FALSE(tmp.path.empty());
        const Proc install = run("cmake --install " + quote(build_dir) + " --prefix " + quote(prefix));
        ASSERT_EQ(install.status, 0) << install.out;
        fs::create_directories(tmp / "work");
        fs::create_directories(tmp / "home");
    }
    /// The installed handout, run in `work` with nothing but PATH and HOME
    /// set (no HANDOUT_DATA_DIR, no XDG_CONFIG_HOME unless given).
    Proc handout(const std::string& args, const std::string& env = "") const {
        return run("cd " + quote(tmp / "work") + " && env -i PATH=/usr/bin:/bin HOME=" + quote(tmp / "home") + " " +
                   env + " " + quote(prefix + "/bin/handout") + " " + args);
    }
    TempDir tmp{"install"};
    const std::string prefix = tmp / "usr";
};

TEST_F(Installed, EveryFileIsInItsStandardPlace) {
    for (const char* file :
         {"bin/handout", "bin/handout-mark", "share/handout/fonts/Lato-Light.ttf", "share/handout/fonts/LICENSE-Lato",
          "share/handout/fonts/LICENSE-Liberation", "share/handout/templates/classic.yaml",
          "share/handout/templates/large-print.yaml", "share/handout/schema/worksheet.schema.json",
          "share/handout/schema/style.schema.json", "share/doc/handout/README.md",
          "share/doc/handout/docs/format.md", "share/doc/handout/docs/images/marking-grid.png",
          "share/doc/handout/examples/split-the-work.yaml", "share/doc/handout/examples/images/forces-on-a-box.png",
          "share/doc/handout/copyright", "share/man/man1/handout.1", "share/man/man1/handout-render.1",
          "share/man/man1/handout-mark.1", "share/bash-completion/completions/handout",
          "share/zsh/vendor-completions/_handout", "share/fish/vendor_completions.d/handout.fish"})
        EXPECT_TRUE(fs::is_regular_file(fs::path(prefix) / file)) << file;
    // The copyright file carries the fonts' licence in Debian's format.
    const std::string copyright = slurp(prefix + "/share/doc/handout/copyright");
    EXPECT_NE(copyright.find("License: OFL-1.1\n SIL OPEN FONT LICENSE Version 1.1"), std::string::npos) << copyright;
    EXPECT_EQ(copyright.find("\n\n "), std::string::npos) << "a blank line inside a licence text";
}

TEST_F(Installed, RendersAShippedWorksheetFromAnotherFolderWithItsOwnData) {
    // A page style only the installed folder has: found only if the program
    // looks beside itself (not in the source tree it was built from).
    fs::copy_file(prefix + "/share/handout/templates/large-print.yaml",
                  prefix + "/share/handout/templates/only-installed.yaml");
    const Proc r = handout("render " + quote(prefix + "/share/doc/handout/examples/split-the-work.yaml") +
                           " --seed 3 --template only-installed -o sheet.pdf");
    ASSERT_EQ(r.status, 0) << r.out;
    const Proc info = run("pdfinfo " + quote(tmp / "work/sheet.pdf"));
    ASSERT_EQ(info.status, 0) << info.out;
    EXPECT_TRUE(std::regex_search(info.out, std::regex("Pages: +[2-9]"))) << info.out;
    const Proc fonts = run("pdffonts " + quote(tmp / "work/sheet.pdf"));
    EXPECT_NE(fonts.out.find("Lato"), std::string::npos) << fonts.out;
    const Proc listed = handout("--list-templates");
    EXPECT_NE(listed.out.find("only-installed\n"), std::string::npos) << listed.out;
}

TEST_F(Installed, FindsThePageStylesOfTheUsersOwnFolder) {
    const fs::path mine = tmp.path / "config/handout/templates";
    fs::create_directories(mine);
    fs::copy_file(prefix + "/share/handout/templates/compact.yaml", mine / "mine.yaml");
    const std::string xdg = "XDG_CONFIG_HOME=" + quote(tmp / "config");
    const Proc r =
        handout("render " + quote(prefix + "/share/doc/handout/examples/split-the-work.yaml") + " --template mine", xdg);
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_TRUE(fs::is_regular_file(tmp / "work/split-the-work-s1.pdf"));
    const Proc listed = handout("--list-templates", xdg);
    EXPECT_NE(listed.out.find("mine\n"), std::string::npos) << listed.out;
    EXPECT_NE(listed.out.find("classic\n"), std::string::npos) << listed.out;
    // ~/.config/handout/templates when XDG_CONFIG_HOME is unset.
    fs::create_directories(tmp.path / "home/.config/handout/templates");
    fs::copy_file(mine / "mine.yaml", tmp.path / "home/.config/handout/templates/home-style.yaml");
    EXPECT_NE(handout("--list-templates").out.find("home-style\n"), std::string::npos);
}

TEST_F(Installed, RunsTheInstalledMarkProgram) {
    const Proc r = handout("mark --help");
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find("--roster"), std::string::npos) << r.out;
}

/// The package's dependencies: the Debian packages of the shared libraries
/// the two programs name, and nothing else (no -dev package, nothing outside
/// Debian); and the files a user looks for.
TEST(Package, DebDependsOnTheDebianPackagesOfItsLibrariesOnly) {
    if (run("command -v dpkg-shlibdeps && command -v dpkg-deb").status != 0)
        GTEST_SKIP() << "dpkg-dev is not installed (sh scripts/install-deps.sh installs it)";
    TempDir out("deb");
    const Proc pack = run("cpack -G DEB -B " + quote(out.path.string()) + " --config " +
                          quote(build_dir + "/CPackConfig.cmake"));
    ASSERT_EQ(pack.status, 0) << pack.out;
    std::string deb;
    for (const auto& e : fs::directory_iterator(out.path))
        if (e.path().extension() == ".deb") deb = e.path().string();
    ASSERT_TRUE(std::regex_search(deb, std::regex("/handout_[0-9.]+_[a-z0-9]+\\.deb$"))) << deb;

    std::set<std::string> depends;
    std::istringstream fields(run("dpkg-deb -f " + quote(deb) + " Depends").out);
    for (std::string dep; std::getline(fields, dep, ',');) {
        dep = std::regex_replace(dep, std::regex("^\\s+|\\s*\\(.*\\)\\s*$|\\s+$"), "");
        EXPECT_EQ(dep.find("-dev"), std::string::npos) << dep;
        EXPECT_EQ(run("dpkg-query -W " + quote(dep)).status, 0) << dep << " is no installed Debian package";
        depends.insert(dep);
    }
    // The dependencies are exactly the packages of the libraries the two
    // programs name (NEEDED; ldd says where each was found).
    std::string paths;
    for (const char* program : {"handout", "handout-mark"}) {
        const std::string bin = quote(build_dir + "/" + program);
        const std::string names = run("objdump -p " + bin + " | awk '/NEEDED/{print $2}'").out;
        std::istringstream libs(run("ldd " + bin + " | awk '/=> \\//{print $1, $3}'").out);
        for (std::string soname, path; libs >> soname >> path;)
            if (names.find(soname + "\n") != std::string::npos) paths += " " + quote("*" + path);  // /usr or not
    }
    std::set<std::string> needed;
    std::istringstream owners(run("dpkg -S" + paths + " | cut -d: -f1 | sort -u").out);
    for (std::string package; std::getline(owners, package);) needed.insert(package);
    EXPECT_EQ(depends, needed);
    EXPECT_TRUE(depends.count("libhpdf-2.3.0"));

    const std::string contents = run("dpkg-deb -c " + quote(deb)).out;
    for (const char* file : {"./usr/bin/handout", "./usr/bin/handout-mark", "./usr/share/doc/handout/copyright",
                             "./usr/share/doc/handout/examples/split-the-work.yaml", "./usr/share/man/man1/handout.1",
                             "./usr/share/handout/templates/classic.yaml",
                             "./usr/share/bash-completion/completions/handout"})
        EXPECT_NE(contents.find(std::string(file) + "\n"), std::string::npos) << file;
}

}  // namespace
