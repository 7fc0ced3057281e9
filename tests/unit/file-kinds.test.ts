import { describe, expect, it } from 'vitest';
import { fileExtension, fileKind } from '../../src/lib/file-kinds.ts';

describe('file kind by extension (§5)', () => {
  it('knows the video, image, audio and pdf extensions', () => {
    expect(['a.mp4', 'a.mpg', 'a.mpeg'].map(fileKind)).toEqual(['video', 'video', 'video']);
    expect(['a.jpg', 'a.jpeg', 'a.png', 'a.gif'].map(fileKind)).toEqual(['image', 'image', 'image', 'image']);
    expect(fileKind('song.mp3')).toBe('audio');
    expect(fileKind('brochure.pdf')).toBe('pdf');
  });

  it('calls anything else other', () => {
    expect(['a.svg', 'a.webp', 'a.docx', 'a.mov', 'README', '', null].map(fileKind)).toEqual(Array(7).fill('other'));
  });

  it('ignores case', () => {
    expect(fileKind('BANNER.PNG')).toBe('image');
    expect(fileKind('Clip.Mp4')).toBe('video');
  });

  it('reads the extension of a URL path, not of its query string or fragment', () => {
    expect(fileKind('https://cdn.example.com/media/banner.jpg?w=200&fmt=webp')).toBe('image');
    expect(fileKind('/media/guide.pdf#page=2')).toBe('pdf');
    expect(fileKind('https://cdn.example.com/download?file=x.pdf')).toBe('other');
  });

  it('does not take a dot in a folder name for an extension', () => {
    expect(fileExtension('https://cdn.example.com/v1.2/readme')).toBe('');
    expect(fileKind('https://assets.example.com/logo')).toBe('other');
  });
});
