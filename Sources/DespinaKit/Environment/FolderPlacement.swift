import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where an ext2/3/4 file system puts the folders a build creates.
///
/// Without a journal, ext4 will not hand out an inode freed in the last
/// minute (six, while its table block is unwritten) if it can help it: for
/// every inode it allocates it scans past each recently freed one in the
/// group. Deleting an output and building it again then makes each of the
/// build's tens of thousands of new files and folders walk past the
/// thousands just freed in the same place; the build spends seconds in the
/// kernel. The file system's top-directory hint (`chattr +T`) makes it place
/// each new subfolder of a marked folder in the least crowded group instead
/// of beside its parent, so the output's folders, and the files in them,
/// spread over groups with few recently freed inodes.
///
/// The hint is given only where that scan happens (ext2/3/4 without a
/// journal): elsewhere spreading folders buys nothing and costs a search of
/// every group per folder.
enum FolderPlacement {
    /// `FS_TOPDIR_FL`: place this folder's subfolders as top-level ones.
    static let topDirectoryFlag: Int32 = 0x0002_0000
    /// `FS_IOC_GETFLAGS` and `FS_IOC_SETFLAGS` (an `int` argument on Linux).
    static let getFlags: UInt = 0x8008_6601
    static let setFlags: UInt = 0x4008_6602

    /// Whether the folder at `path` asks for its subfolders to be spread.
    static func spreadsSubfolders(_ path: String) -> Bool {
        withFlags(of: path) { flags, _ in flags & topDirectoryFlag != 0 } ?? false
    }

    /// Marks the folder at `path` so its subfolders are spread (the
    /// top-directory hint), when the file system skips recently freed
    /// inodes; otherwise does nothing. Failure is harmless and ignored.
    static func spreadSubfolders(of path: String, sysfs: String = "/sys") {
        guard skipsRecentlyFreedInodes(at: path, sysfs: sysfs) else { return }
        markSpreading(path)
    }

    /// Sets the top-directory hint on the folder at `path`.
    static func markSpreading(_ path: String) {
        _ = withFlags(of: path) { flags, descriptor in
            guard flags & topDirectoryFlag == 0 else { return }
            var changed = flags | topDirectoryFlag
            _ = ioctl(descriptor, setFlags, &changed)
        }
    }

    /// Whether the file system holding `path` is ext2/3/4 without a journal:
    /// the ext4 driver lists each device it mounts below `sysfs`, and its
    /// `journal_task` entry reads `<none>` when there is no journal.
    static func skipsRecentlyFreedInodes(at path: String, sysfs: String = "/sys") -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        let device = "\(major(status.st_dev)):\(minor(status.st_dev))"
        guard let name = deviceName(device, sysfs: sysfs) else { return false }
        return hasNoJournal(deviceName: name, sysfs: sysfs)
    }

    /// The kernel's name of the block device `majorMinor` ("vda", "sda1"),
    /// from the link `/sys/dev/block/MAJOR:MINOR`.
    static func deviceName(_ majorMinor: String, sysfs: String) -> String? {
        let link = joinPath(sysfs, "dev/block", majorMinor)
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: link) else { return nil }
        let name = (target as NSString).lastPathComponent
        return name.isEmpty ? nil : name
    }

    /// Whether ext4 reports no journal for the mounted device `deviceName`.
    static func hasNoJournal(deviceName: String, sysfs: String) -> Bool {
        let file = joinPath(sysfs, "fs/ext4", deviceName, "journal_task")
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return false }
        return text.trimmingCharacters(in: .whitespacesAndNewlines) == "<none>"
    }

    /// Runs `body` with the inode flags of the folder at `path` and an open
    /// descriptor of it; nil when the folder cannot be opened or the file
    /// system keeps no such flags.
    private static func withFlags<Result>(
        of path: String, _ body: (Int32, Int32) -> Result
    ) -> Result? {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var flags: Int32 = 0
        guard ioctl(descriptor, getFlags, &flags) == 0 else { return nil }
        return body(flags, descriptor)
    }

    /// The major and minor numbers of a device number, as glibc splits it.
    private static func major(_ device: dev_t) -> UInt64 {
        let bits = UInt64(device)
        return (bits >> 8) & 0xfff | (bits >> 32) & 0xffff_f000
    }

    private static func minor(_ device: dev_t) -> UInt64 {
        let bits = UInt64(device)
        return bits & 0xff | (bits >> 12) & 0xffff_ff00
    }
}
