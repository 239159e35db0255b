"""Reading dictionary files: normalisation, skip reasons, and unusable files."""

import pytest

from wordindex.build.dictionary import read_dictionary
from wordindex.errors import DictionaryError


def write(tmp_path, data: bytes):
    path = tmp_path / "words.txt"
    path.write_bytes(data)
    return path


def test_tolerates_bom_crlf_blanks_spaces_and_case(tmp_path):
    path = write(tmp_path, b"\xef\xbb\xbfCool\r\n\r\n  good  \r\nALLY\r\n")
    result = read_dictionary(path)
    assert result.words == ["cool", "good", "ally"]
    assert result.stats.lines_read == 4
    assert result.stats.blank_lines == 1
    assert result.stats.skipped == {}


def test_skips_non_az_and_duplicates_with_reasons(tmp_path):
    path = write(tmp_path, "cool\ndon't\ncafé\nCool\nx-ray\ncool\n42\ngood\n".encode())
    result = read_dictionary(path)
    assert result.words == ["cool", "good"]
    assert result.stats.skipped == {"not a-z only": 4, "duplicate": 2}
    assert result.stats.lines_read == 8


def test_skips_words_too_long_for_position_masks(tmp_path):
    path = write(tmp_path, ("a" * 64 + "\n" + "b" * 63 + "\n").encode())
    result = read_dictionary(path)
    assert result.words == ["b" * 63]
    assert result.stats.skipped == {"longer than 63 letters": 1}


def test_source_name_and_sha256(tmp_path):
    path = write(tmp_path, b"abc\n")
    result = read_dictionary(path)
    assert result.source_name == "words.txt"
    assert result.sha256 == "edeaaff3f1774ad2888673770c6d64097e391bc362d7d6fb34982ddf0efd18cb"


@pytest.mark.parametrize(
    "data, message",
    [
        (b"", "is empty"),
        (b"\n \n\r\n", "is empty"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "looks binary"),
        (b"123\ndon't\n", "no valid word"),
    ],
)
def test_unusable_files_are_named_errors(tmp_path, data, message):
    with pytest.raises(DictionaryError, match=message):
        read_dictionary(write(tmp_path, data))


def test_missing_file_and_directory(tmp_path):
    with pytest.raises(DictionaryError, match="not found"):
        read_dictionary(tmp_path / "nope.txt")
    with pytest.raises(DictionaryError, match="directory"):
        read_dictionary(tmp_path)
